import * as z from 'zod/mini';
import { MAX_ROW_ID } from './ids';
import { searchText } from './text';

/**
 * What every admin list reads from its address (spec §5 "Admin filters"). Anything unreadable falls
 * back to "no search" or the first page, so an old or hand-edited link still shows the list.
 */

/** The search box: control characters become spaces (core/text.ts), then trimmed; at most 100 long. */
export const listSearchParam = z.catch(
  z.optional(z.string().check(z.overwrite(searchText), z.trim(), z.maxLength(100))),
  undefined,
);

/** The page asked for, 1 to 100,000. */
export const listPageParam = z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1);

/** A user's id as the address names it (a customer's orders, an admin's activity); junk names nobody. */
export const USER_ID_PATTERN = /^[\w-]{1,64}$/;
export const listUserParam = z.catch(z.optional(z.string().check(z.regex(USER_ID_PATTERN))), undefined);

/** The add/edit dialog a list has open: 'new', or the row id being edited. */
export const listEditParam = z.catch(
  z.optional(z.union([z.literal('new'), z.coerce.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID))])),
  undefined,
);
