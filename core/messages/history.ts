import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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

/** A message that reached the buyer by no way, as the dashboard lists it. */
export interface FailedMessage {
  id: string;
  /** Null for a farm's reminder. */
  orderId: string | null;
  kind: MessageKind;
  channel: MessageChannel;
  toPhone: string;
  errorDetail: string | null;
  failedAt: Date;
}

/**
 * Messages that failed with nothing standing in for them (a WhatsApp message whose SMS went is not
 * listed; one whose SMS failed too is, once, by the SMS): the newest `limit`, and how many in all.
 */
export async function failedMessages(
  db: Db,
  _admin: AdminActor,
  limit = 5,
): Promise<{ total: number; messages: FailedMessage[] }> {
  const standIn = alias(messages, 'stand_in');
  const rows = await db
    .select({
      id: messages.id,
      orderId: messages.orderId,
      kind: messages.kind,
      channel: messages.channel,
      toPhone: messages.toPhone,
      errorDetail: messages.errorDetail,
      failedAt: messages.updatedAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(messages)
    .where(
      and(
        eq(messages.status, 'failed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(standIn)
            .where(eq(standIn.fallbackOf, messages.id)),
        ),
      ),
    )
    .orderBy(desc(messages.updatedAt))
    .limit(limit);
  return { total: rows[0]?.total ?? 0, messages: rows.map(({ total: _total, ...row }) => row) };
}
