import * as z from 'zod/mini';
import { ADMIN_CHANGE_KINDS } from './kinds';
import { listPageParam, listUserParam } from '../list-query';

/** /admin/activity's address: a kind, an admin and the page. Anything unreadable falls back to "all". */
export const ActivityQuerySchema = z.object({
  kind: z.catch(z.optional(z.enum(ADMIN_CHANGE_KINDS)), undefined),
  adminId: listUserParam,
  page: listPageParam,
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
