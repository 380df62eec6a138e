import * as z from 'zod/mini';
import { ADMIN_CHANGE_KINDS } from './kinds';
import { listPageParam } from '../list-query';

/** /admin/activity's address: a kind, an admin and the page. Anything unreadable falls back to "all". */
export const ActivityQuerySchema = z.object({
  kind: z.catch(z.optional(z.enum(ADMIN_CHANGE_KINDS)), undefined),
  adminId: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/))), undefined),
  page: listPageParam,
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
