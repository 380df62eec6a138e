import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import type { JobQueue } from '#core/jobs/queue';
import type { MessageTransport, OutgoingMessage } from '#core/messages/transport';
import * as schema from '#db/schema';

/** An order's messages (issue 35), oldest first. */
export function messagesOf(db: Db, orderId: string) {
  return db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.orderId, orderId))
    .orderBy(asc(schema.messages.createdAt));
}

/** A queue that takes no job: the message is made, and the test runs its sends. */
export const noJob: JobQueue = {
  send: () => Promise.resolve('no-job'),
  retry: () => Promise.resolve(false),
  state: () => Promise.resolve(null),
  runNow: () => Promise.resolve('taken'),
};

/** A transport that answers as told, and keeps what it was asked to send. */
export function transportCounting(
  answer = () => Promise.resolve({ providerMessageId: null as string | null }),
) {
  const asked: OutgoingMessage[] = [];
  const t: MessageTransport = {
    name: 'whatsapp',
    send: (message) => {
      asked.push(message);
      return answer();
    },
  };
  return { t, asked };
}
