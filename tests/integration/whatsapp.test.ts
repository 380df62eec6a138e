import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '#core/checkout/settle';
import { chooseContact } from '#core/messages/consent';
import { deliverMessage, type MessageDeps } from '#core/messages/deliver';
import { queueOrderMessage } from '#core/messages/queue';
import { failUnconfirmed } from '#core/messages/statuses';
import { decideDemoPayment } from '#core/payments/demo';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { createCheckoutShopper, placeCatfishOrder } from '../support/factories';
import { messagesOf, noJob } from '../support/messages';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../support/whatsapp-stand-in';

// Issue 35, parts 1 and 5: messages go to WhatsApp's Cloud API as documented (here, a stand-in that speaks
// it), and its signed status webhooks move them on; a message is never sent twice.
let meta: WhatsAppStandIn;
let server: TestServer;
beforeAll(async () => {
  meta = await startWhatsAppStandIn();
  server = await startTestServer({
    env: {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'freshcatch-whatsapp-')),
      PAGE_CACHE_SECONDS: '0',
      WHATSAPP_ACCESS_TOKEN: meta.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_APP_SECRET: meta.appSecret,
      WHATSAPP_VERIFY_TOKEN: meta.verifyToken,
      WHATSAPP_BASE_URL: meta.url,
      // Long enough that a loaded machine's stand-in still answers in time; the lost answer waits longer.
      MESSAGES_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await server.close();
  await meta.close();
});

const db = () => server.database.db;
const webhook = () => `${server.url}/api/webhooks/whatsapp`;

async function whatsAppBuyer() {
  const shopper = await createCheckoutShopper(server.services);
  await db().transaction((tx) =>
    chooseContact(tx, shopper.id, { channel: 'whatsapp', source: 'checkout', phone: '0803 555 0101' }),
  );
  return shopper;
}

async function messageRow(id: string) {
  const [row] = await db().select().from(schema.messages).where(eq(schema.messages.id, id));
  return row!;
}

/** A WhatsApp message queued without its job, so that the test runs its sends. */
async function queuedMessage() {
  const shopper = await whatsAppBuyer();
  const placed = await placeCatfishOrder(server.services, shopper.id);
  const id = await db().transaction((tx) =>
    queueOrderMessage(tx, noJob, {
      orderId: placed.orderId,
      userId: shopper.id,
      phone: '0803 555 0101',
      kind: 'order_update',
      params: [placed.orderId.slice(0, 8), 'Your order is now being processed.', 'https://x.test/o'],
      dedupeKey: `test:${placed.orderId}`,
    }),
  );
  return messageRow(id!);
}

/** A message Meta accepted: its row and the wamid. */
async function acceptedMessage() {
  const message = await queuedMessage();
  await deliverMessage(server.services.messages, message.id);
  const row = await messageRow(message.id);
  expect(row.status).toBe('accepted');
  return row as typeof row & { providerMessageId: string };
}

describe('sending to WhatsApp’s Cloud API', () => {
  it('sends the template with its parameters, as Meta documents it, and keeps Meta’s id', async () => {
    const shopper = await whatsAppBuyer();
    const placed = await placeCatfishOrder(server.services, shopper.id);
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    await server.jobsDone();
    const [message] = await messagesOf(db(), placed.orderId);
    const sent = meta.sent.find((m) => m.bizOpaque === message!.id)!;
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348035550101',
      type: 'template',
      biz_opaque_callback_data: message!.id,
      template: {
        name: 'order_confirmed',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: message!.params.map((text) => ({ type: 'text', text })) }],
      },
    });
    expect(message).toMatchObject({
      status: 'accepted',
      transport: 'whatsapp',
      providerMessageId: sent.wamid,
    });
  });

  it('a 429 is tried again later, and the message goes once', async () => {
    const message = await queuedMessage();
    meta.failNext({ status: 429, code: 130429, details: 'Rate limit hit' });
    const before = meta.requests;
    await expect(deliverMessage(server.services.messages, message.id)).rejects.toThrow('Rate limit hit');
    expect(await messageRow(message.id)).toMatchObject({
      status: 'queued',
      errorCode: '130429',
      attempts: 1,
    });
    await deliverMessage(server.services.messages, message.id);
    await deliverMessage(server.services.messages, message.id);
    expect(meta.requests - before).toBe(2);
    expect(meta.sent.filter((m) => m.bizOpaque === message.id)).toHaveLength(1);
    expect(await messageRow(message.id)).toMatchObject({ status: 'accepted', attempts: 2 });
  });

  it('a number not on WhatsApp fails for good, and one SMS stands in for it', async () => {
    const message = await queuedMessage();
    meta.failNext({ status: 400, code: 131026, details: 'Message undeliverable' });
    await deliverMessage(server.services.messages, message.id);
    await server.jobsDone();
    const rows = await messagesOf(db(), message.orderId!);
    expect(rows.map((m) => [m.channel, m.status, m.errorCode, m.fallbackOf])).toEqual([
      ['whatsapp', 'failed', '131026', null],
      ['sms', 'accepted', null, message.id],
    ]);
    expect(rows[0]!.errorDetail).toBe('WhatsApp refused the message: Message undeliverable');
  });

  it('a send whose answer never came is not sent again: Meta’s report settles it', async () => {
    const message = await queuedMessage();
    // Meta takes the message and answers after our 3 s: the request went out, the answer is lost.
    meta.answerNextAfterMs = 4_000;
    await deliverMessage(server.services.messages, message.id);
    expect(await messageRow(message.id)).toMatchObject({ status: 'unconfirmed', errorCode: 'no_answer' });
    // The job run again (a retry, a restart) sends nothing.
    await deliverMessage(server.services.messages, message.id);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const copies = meta.sent.filter((m) => m.bizOpaque === message.id);
    expect(copies).toHaveLength(1);
    // Meta's status names our id: the message is found and takes Meta's id.
    expect((await meta.report(webhook(), copies[0]!.wamid, 'sent')).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({
      status: 'sent',
      providerMessageId: copies[0]!.wamid,
    });
  });

  it('a crash between Meta taking the message and our record of it does not send it twice', async () => {
    const message = await queuedMessage();
    // The real send to Meta; then the process loses its database (a crash, a dropped connection) before
    // the answer is written: every write after the send dies.
    let crashed = false;
    const real = server.services.messages;
    const dying: MessageDeps = {
      ...real,
      db: new Proxy(real.db, {
        get(target, key, receiver) {
          if (crashed && (key === 'update' || key === 'insert' || key === 'transaction'))
            throw new Error('Connection terminated unexpectedly');
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
      transports: {
        ...real.transports,
        whatsapp: {
          name: real.transports.whatsapp.name,
          send: async (outgoing) => {
            const answer = await real.transports.whatsapp.send(outgoing);
            crashed = true;
            return answer;
          },
        },
      },
    };
    await expect(deliverMessage(dying, message.id)).rejects.toThrow('Connection terminated unexpectedly');
    expect(meta.sent.filter((m) => m.bizOpaque === message.id)).toHaveLength(1);
    expect((await messageRow(message.id)).status).toBe('sending');
    // The queue runs the job again after the restart: it finds the send cut off and does not repeat it.
    await deliverMessage(real, message.id);
    await deliverMessage(real, message.id);
    const copies = meta.sent.filter((m) => m.bizOpaque === message.id);
    expect(copies).toHaveLength(1);
    expect((await messageRow(message.id)).status).toBe('unconfirmed');
    // Meta's report names our id: the message is settled, with Meta's id.
    expect((await meta.report(webhook(), copies[0]!.wamid, 'delivered')).status).toBe(200);
    expect(await messageRow(message.id)).toMatchObject({
      status: 'delivered',
      providerMessageId: copies[0]!.wamid,
    });
  });

  it('a 429 through the queue: pg-boss holds the job back with its backoff, then the message goes once', async () => {
    const shopper = await whatsAppBuyer();
    const placed = await placeCatfishOrder(server.services, shopper.id);
    meta.failNext({ status: 429, code: 130429, details: 'Rate limit hit' });
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
    await server.jobsDone();
    const [message] = await messagesOf(db(), placed.orderId);
    expect(message).toMatchObject({ status: 'queued', attempts: 1, errorCode: '130429' });
    const job = async () => {
      const [row] = await queryRows<{ id: string; state: string; retry_count: number; wait_s: number }>(
        db(),
        sql`select id, state, retry_count,
                   extract(epoch from start_after - now())::float as wait_s
              from pgboss.job
             where name = 'send-message' and data->>'messageId' = ${message!.id}`,
      );
      return row!;
    };
    const held = await job();
    expect(held.state).toBe('retry');
    // The queue's policy: 15 s before the first retry, longer after (db/job-queue.ts).
    expect(held.wait_s).toBeGreaterThan(5);
    expect(meta.sent.filter((m) => m.bizOpaque === message!.id)).toHaveLength(0);
    // Time passes (the test moves the job's hour, not the clock): pg-boss runs it again.
    await queryRows(db(), sql`update pgboss.job set start_after = now() where id = ${held.id}::uuid`);
    await server.jobsDone();
    expect(await messageRow(message!.id)).toMatchObject({ status: 'accepted', attempts: 2 });
    expect(meta.sent.filter((m) => m.bizOpaque === message!.id)).toHaveLength(1);
    expect(await job()).toMatchObject({ state: 'completed', retry_count: 1 });
  });

  it('a 200 whose body was cut off is taken as sent by Meta: unconfirmed, not sent again', async () => {
    const message = await queuedMessage();
    meta.garbleNext = true;
    await deliverMessage(server.services.messages, message.id);
    expect(await messageRow(message.id)).toMatchObject({ status: 'unconfirmed', errorCode: 'no_answer' });
    await deliverMessage(server.services.messages, message.id);
    expect(meta.sent.filter((m) => m.bizOpaque === message.id)).toHaveLength(1);
  });

  it('an unconfirmed message with no report for 15 minutes fails, and its SMS goes instead', async () => {
    const message = await queuedMessage();
    await db()
      .update(schema.messages)
      .set({ status: 'unconfirmed' })
      .where(eq(schema.messages.id, message.id));
    expect(await failUnconfirmed(server.services.messages, new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(
      await failUnconfirmed(server.services.messages, new Date(Date.now() + 16 * 60_000)),
    ).toBeGreaterThan(0);
    await server.jobsDone();
    expect((await messagesOf(db(), message.orderId!)).map((m) => [m.channel, m.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'accepted'],
    ]);
  });
});

describe('the WhatsApp webhook', () => {
  it('answers Meta’s handshake with the challenge only for our verify token', async () => {
    const ask = (token: string, mode = 'subscribe') =>
      fetch(`${webhook()}?hub.mode=${mode}&hub.verify_token=${token}&hub.challenge=1158201444`);
    const ok = await ask(meta.verifyToken);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe('1158201444');
    expect((await ask('not-ours')).status).toBe(403);
    expect((await ask(meta.verifyToken, 'unsubscribe')).status).toBe(403);
  });

  it('moves a message forward only, records each state once, and changes nothing on a replay', async () => {
    const message = await acceptedMessage();
    const wamid = message.providerMessageId;
    expect((await meta.report(webhook(), wamid, 'sent')).status).toBe(200);
    expect((await meta.report(webhook(), wamid, 'read')).status).toBe(200);
    // Late and out of order: delivered after read leaves it read.
    expect((await meta.report(webhook(), wamid, 'delivered')).status).toBe(200);
    expect((await messageRow(message.id)).status).toBe('read');
    const events = async () =>
      (
        await db()
          .select({ status: schema.messageEvents.status })
          .from(schema.messageEvents)
          .where(eq(schema.messageEvents.messageId, message.id))
      )
        .map((e) => e.status)
        .sort();
    const before = await events();
    expect(before).toEqual(['accepted', 'delivered', 'read', 'sending', 'sent']);
    const replay = await meta.report(webhook(), wamid, 'read');
    expect(replay).toEqual({ status: 200, body: '{"received":true}' });
    expect(await events()).toEqual(before);
    // A failure reported after delivery is kept as an event only, and sends no SMS.
    await meta.report(webhook(), wamid, 'failed', { error: { code: 131026, details: 'late' } });
    expect((await messageRow(message.id)).status).toBe('read');
    expect(await messagesOf(db(), message.orderId!)).toHaveLength(1);
  });

  it('refuses a forged or unsigned report, changing nothing', async () => {
    const message = await acceptedMessage();
    const body = meta.statusBody(message.providerMessageId, 'read');
    for (const signature of [null, 'sha256=' + '0'.repeat(64), 'sha1=abc', `sha256=${'ab'.repeat(32)}`]) {
      const refused = await meta.report(webhook(), message.providerMessageId, 'read', { signature, body });
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toEqual({ error: 'Invalid signature.' });
    }
    expect((await messageRow(message.id)).status).toBe('accepted');
  });

  it('a reported failure fails the message and sends one SMS, however often it is reported', async () => {
    const message = await acceptedMessage();
    for (let i = 0; i < 2; i++)
      await meta.report(webhook(), message.providerMessageId, 'failed', {
        error: { code: 131049, details: 'Meta chose not to deliver' },
      });
    await server.jobsDone();
    const rows = await messagesOf(db(), message.orderId!);
    expect(rows.map((m) => [m.channel, m.status, m.errorCode, m.errorDetail])).toEqual([
      ['whatsapp', 'failed', '131049', 'Meta chose not to deliver'],
      ['sms', 'accepted', null, null],
    ]);
  });

  it('takes what is not a status of ours (a buyer’s own message, an unknown id) and changes nothing', async () => {
    const incoming = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        { changes: [{ field: 'messages', value: { messages: [{ from: '2348035550101', type: 'text' }] } }] },
      ],
    });
    expect((await meta.report(webhook(), 'x', 'read', { body: incoming })).status).toBe(200);
    expect((await meta.report(webhook(), 'wamid.unknown', 'delivered')).status).toBe(200);
  });
});
