import * as z from 'zod/mini';
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
