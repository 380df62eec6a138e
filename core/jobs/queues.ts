/** The shop's job queues are the schema's (db/schema/enums.ts; db/job-queue.ts installs them). */
export { QUEUES, type QueueName } from '../../db/schema/enums';
