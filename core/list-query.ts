import * as z from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { rowId } from './ids';
import { searchText } from './text';

/**
 * What every admin list reads from its address (spec §5 "Admin filters"). Anything unreadable falls
 * back to "no search" or the first page, so an old or hand-edited link still shows the list.
 */

/** How long an admin list's search may be; a longer one (a pasted paragraph) is cut to this. */
export const MAX_LIST_SEARCH_LENGTH = 100;

/**
 * The search box: control characters become spaces (core/text.ts), trimmed, and cut to
 * MAX_LIST_SEARCH_LENGTH, so a long paste still searches (as the catalogue's search does) rather than
 * quietly showing the whole list.
 */
export const listSearchParam = z.catch(
  z.optional(
    z
      .string()
      // Cut by characters, not UTF-16 units, so an emoji at the cut is not split in half.
      .check(
        z.overwrite((text) =>
          Array.from(searchText(text).trim()).slice(0, MAX_LIST_SEARCH_LENGTH).join('').trimEnd(),
        ),
      ),
  ),
  undefined,
);

/** The page asked for, 1 to 100,000. */
export const listPageParam = z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);

/** A user's id as the address names it (a customer's orders, an admin's activity); junk names nobody. */
export const USER_ID_PATTERN = /^[\w-]{1,64}$/;
export const listUserParam = z.catch(z.optional(z.string().check(z.regex(USER_ID_PATTERN))), undefined);

/** The add/edit dialog a list has open: 'new', or the row id being edited. */
export const listEditParam = z.catch(z.optional(z.union([z.literal('new'), rowId])), undefined);

/**
 * A query read from its address by its schema (`core/<domain>/schemas.ts`): the one way a route reads
 * its URL (a loader's `query`, app/lib/route.server.ts). A name given twice counts once (its last value),
 * and every field of a list schema catches what it cannot read, so a junk address still parses: to "no
 * search", "all", the first page, no dialog.
 */
export function readQuery<Schema extends $ZodType>(schema: Schema, params: URLSearchParams): output<Schema> {
  return z.parse(schema, Object.fromEntries(params));
}
