import * as z from 'zod/mini';
import { ADMIN_CHANGE_KINDS } from './kinds';

/** /admin/activity's address: a kind, an admin and the page. Anything unreadable falls back to "all". */
export const ActivityQuerySchema = z.object({
  kind: z.catch(z.optional(z.enum(ADMIN_CHANGE_KINDS)), undefined),
  adminId: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/))), undefined),
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
