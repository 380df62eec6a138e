import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import type { MessageChannel, MessageStatus } from '../../db/schema/enums';
import type { AdminActor } from '../roles';
import type { MessageKind } from './templates';

/** A message about an order as the admin's order page lists it. */
export interface MessageView {
  id: string;
  kind: MessageKind;
  channel: MessageChannel;
  status: MessageStatus;
  /** 'whatsapp', 'termii', or 'outbox' (the channel's credentials are not set); null before a try. */
  transport: string | null;
  toPhone: string;
  body: string;
  errorDetail: string | null;
  /** The message this one stands in for (an SMS for a WhatsApp message that failed). */
  fallbackOf: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An order's WhatsApp and SMS messages, oldest first (the admin's order page). */
export function orderMessages(db: Db, _admin: AdminActor, orderId: string): Promise<MessageView[]> {
  return db
    .select({
      id: messages.id,
      kind: messages.kind,
      channel: messages.channel,
      status: messages.status,
      transport: messages.transport,
      toPhone: messages.toPhone,
      body: messages.body,
      errorDetail: messages.errorDetail,
      fallbackOf: messages.fallbackOf,
      createdAt: messages.createdAt,
      updatedAt: messages.updatedAt,
    })
    .from(messages)
    .where(eq(messages.orderId, orderId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}
