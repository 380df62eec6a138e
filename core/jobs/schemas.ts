import * as z from 'zod/mini';
import { QUEUES } from './queues';

/** The dashboard's one action on a failed background job: run it again. */
export const JobActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('retry-job'),
    queue: z.enum(Object.values(QUEUES)),
    jobId: z.uuid(),
  }),
]);
export type RetryJobInput = Omit<z.infer<typeof JobActionSchema>, 'intent'>;
