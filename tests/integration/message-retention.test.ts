import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePayment } from '#core/checkout/settle';
import { createMailer } from '#core/mail/mailer';
import { chooseContact } from '#core/messages/consent';
import { orderMessages } from '#core/messages/history';
import { forgetOldRecipients } from '#core/messages/queue';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import { queryRows } from '#db/client';
import * as schema from '#db/schema';
import { mailOutboxDirectory, messageOutboxDirectory } from '#server/services';
import { ADMIN_EMAIL } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder } from '../support/factories';
import { messagesOf } from '../support/messages';
import { quietLogger } from '../support/quiet-logger';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Issue 52 §5: the outbox's files and the message log keep who a message went to no longer than
 * MESSAGE_RETENTION_DAYS (21 here, not the default 30, so that it is the setting that counts). The
 * nightly forget-recipients job deletes the older files and blanks the older messages' numbers; the
 * record that a message was sent, what it said and what became of it stays.
 */

const RETENTION_DAYS = 21;
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-retention-'));
let server: TestServer;
let admin: AdminActor;
let mailDir: string;
let messageDir: string;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      MESSAGE_RETENTION_DAYS: String(RETENTION_DAYS),
      PAGE_CACHE_SECONDS: '0',
      LOGIN_RATE_LIMIT_MAX: '100',
    },
  });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  mailDir = mailOutboxDirectory(server.services.env);
  messageDir = messageOutboxDirectory(server.services.env);
});
afterAll(() => server.close());

const db = () => server.database.db;

/** A paid order of a buyer who chose SMS to `phone`: its confirmation is written to the outbox (no TERMII_*). */
async function orderTextedTo(phone: string) {
  const shopper = await createCheckoutShopper(server.services);
  await db().transaction((tx) => chooseContact(tx, shopper.id, { channel: 'sms', source: 'profile', phone }));
  const placed = await placeCatfishOrder(server.services, shopper.id);
  await decideDemoPayment(db(), placed.reference, 'success');
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  await server.jobsDone();
  const [message] = await messagesOf(db(), placed.orderId);
  expect(message).toMatchObject({ channel: 'sms', status: 'accepted', transport: 'outbox' });
  return { orderId: placed.orderId, message: message! };
}

/** Dates a message as made `days` ago, and its outbox file as written then. */
function madeDaysAgo(messageId: string, days: number) {
  const file = readdirSync(messageDir).find((name) => name.includes(messageId));
  expect(file, `the outbox file of ${messageId}`).toBeDefined();
  utimesSync(path.join(messageDir, file!), daysAgo(days), daysAgo(days));
  return db()
    .update(schema.messages)
    .set({ createdAt: daysAgo(days) })
    .where(eq(schema.messages.id, messageId));
}

/** The outbox mails written so far, by the real mailer without SMTP_URL: the .eml and its .json twin. */
async function mailWrittenDaysAgo(to: string, days: number): Promise<string[]> {
  const before = new Set(readdirSync(mailDir));
  const mailer = createMailer({
    from: 'FreshCatch <hello@freshcatch.ng>',
    outboxDir: mailDir,
    logger: quietLogger,
  });
  await mailer.send({ to, subject: 'Confirm your e-mail', text: `Hello ${to}`, html: `<p>Hello ${to}</p>` });
  const written = readdirSync(mailDir).filter((name) => !before.has(name));
  expect(written.map((name) => path.extname(name)).sort()).toEqual(['.eml', '.json']);
  for (const name of written) utimesSync(path.join(mailDir, name), daysAgo(days), daysAgo(days));
  return written;
}

async function runForgetRecipients() {
  await server.services.jobs.send(db(), 'forget-recipients', {});
  await server.jobsDone();
}

describe("old messages' recipients are forgotten by the nightly job", () => {
  it('is a schedule installed with the migrations, nightly at 03:00 in Lagos', async () => {
    const [schedule] = await queryRows<{ cron: string }>(
      db(),
      sql`select cron from pgboss.schedule where name = 'forget-recipients'`,
    );
    expect(schedule?.cron).toBe('0 2 * * *');
  });

  it('an outbox file older than the retention is deleted; a newer one, and files the shop did not write, are kept', async () => {
    const old = await orderTextedTo('0803 555 0111');
    const recent = await orderTextedTo('0803 555 0122');
    await madeDaysAgo(old.message.id, RETENTION_DAYS + 1);
    await madeDaysAgo(recent.message.id, RETENTION_DAYS - 1);
    const oldMail = await mailWrittenDaysAgo('old-reader@example.ng', RETENTION_DAYS + 1);
    const recentMail = await mailWrittenDaysAgo('recent-reader@example.ng', RETENTION_DAYS - 1);
    const notes = path.join(mailDir, 'notes.txt');
    writeFileSync(notes, 'kept by the owner');
    utimesSync(notes, daysAgo(365), daysAgo(365));

    await runForgetRecipients();

    const messageFiles = readdirSync(messageDir);
    expect(messageFiles.some((name) => name.includes(old.message.id))).toBe(false);
    expect(messageFiles.some((name) => name.includes(recent.message.id))).toBe(true);
    const mailFiles = readdirSync(mailDir);
    for (const name of oldMail) expect(mailFiles, name).not.toContain(name);
    for (const name of recentMail) expect(mailFiles, name).toContain(name);
    expect(existsSync(notes)).toBe(true);
    // The messages' folder inside the mail outbox is not a mail: it stays.
    expect(mailFiles).toContain('messages');
  });

  it('a message older than the retention keeps its record with no number; a newer one keeps its number', async () => {
    const old = await orderTextedTo('0803 555 0133');
    const recent = await orderTextedTo('0803 555 0144');
    await madeDaysAgo(old.message.id, RETENTION_DAYS + 1);
    await madeDaysAgo(recent.message.id, RETENTION_DAYS - 1);

    await runForgetRecipients();

    const [kept] = await orderMessages(db(), admin, old.orderId);
    // Still the record that it was sent: what it said, by which way, when, and what became of it.
    expect(kept).toMatchObject({
      id: old.message.id,
      kind: 'order_confirmed',
      channel: 'sms',
      status: 'accepted',
      transport: 'outbox',
      body: old.message.body,
      toPhone: '',
    });
    expect(kept!.updatedAt).toEqual(old.message.updatedAt);
    const events = await db()
      .select({ status: schema.messageEvents.status })
      .from(schema.messageEvents)
      .where(eq(schema.messageEvents.messageId, old.message.id));
    expect(events.map((e) => e.status).sort()).toEqual(['accepted', 'sending']);

    const [newer] = await messagesOf(db(), recent.orderId);
    expect(newer!.toPhone).toBe('+2348035550144');
    // The order itself keeps its delivery details: the paid order is the shop's record, not a message.
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, old.orderId));
    expect(order!.shippingPhone).not.toBe('');
  });

  it('forgets by when a message was made, and forgetting again forgets nothing more', async () => {
    const edge = await orderTextedTo('0803 555 0155');
    await madeDaysAgo(edge.message.id, RETENTION_DAYS - 1);
    expect(await forgetOldRecipients(db(), daysAgo(RETENTION_DAYS))).toBe(0);
    const [still] = await messagesOf(db(), edge.orderId);
    expect(still!.toPhone).toBe('+2348035550155');
    expect(await forgetOldRecipients(db(), daysAgo(RETENTION_DAYS - 2))).toBeGreaterThanOrEqual(1);
    const [gone] = await messagesOf(db(), edge.orderId);
    expect(gone!.toPhone).toBe('');
    expect(await forgetOldRecipients(db(), daysAgo(RETENTION_DAYS - 2))).toBe(0);
  });
});

describe('the privacy page says how long', () => {
  it('names the days in force for messages, and where to download or delete one’s data', async () => {
    const response = await fetch(`${server.url}/privacy`);
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, '');
    expect(html).toContain(`the phone number it went to is removed after ${RETENTION_DAYS} days`);
    expect(html).toContain(`those copies are deleted after ${RETENTION_DAYS} days`);
    expect(html).toContain('Download my data');
    expect(html).toContain('Delete my account');
    expect(html).toContain('href="/account?tab=settings"');
  });
});
