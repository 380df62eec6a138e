import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remindUnpaidOrders, settlePayment } from '#core/checkout/settle';
import { chooseContact } from '#core/messages/consent';
import { updateOrderStatus } from '#core/orders/management';
import { refundOrder } from '#core/orders/refunds';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import type { ContactChannel } from '#db/schema/enums';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createCheckoutShopper, placeCatfishOrder, signedInClient } from '../support/factories';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-stand-in';
import { messagesOf } from '../support/messages';
import { startTestServer, type TestServer } from '../support/test-server';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../support/whatsapp-stand-in';

// Issue 35's "done when", on this file's engine: an order's whole life sends exactly the expected messages
// to WhatsApp (a stand-in speaking Meta's protocol), a failed one falls back to SMS (a Termii stand-in),
// and the providers' signed reports are taken once, forged ones refused.
let meta: WhatsAppStandIn;
let termii: TermiiStandIn;
let server: TestServer;
let admin: AdminActor;
beforeAll(async () => {
  [meta, termii] = await Promise.all([startWhatsAppStandIn(), startTermiiStandIn()]);
  server = await startTestServer({
    env: {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'freshcatch-life-')),
      PAGE_CACHE_SECONDS: '0',
      LOGIN_RATE_LIMIT_MAX: '100',
      WHATSAPP_ACCESS_TOKEN: meta.accessToken,
      WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
      WHATSAPP_APP_SECRET: meta.appSecret,
      WHATSAPP_VERIFY_TOKEN: meta.verifyToken,
      WHATSAPP_BASE_URL: meta.url,
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_WEBHOOK_SECRET: termii.webhookSecret,
      TERMII_BASE_URL: termii.url,
    },
  });
  const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
});
afterAll(async () => {
  await server.close();
  await Promise.all([meta.close(), termii.close()]);
});

const db = () => server.database.db;
const deps = () => server.services.checkout;

async function buyerWho(channel: ContactChannel, phone: string) {
  const shopper = await createCheckoutShopper(server.services);
  await db().update(schema.user).set({ phone }).where(eq(schema.user.id, shopper.id));
  await db().transaction((tx) => chooseContact(tx, shopper.id, { channel, source: 'checkout', phone }));
  return shopper;
}

describe('an order’s whole life, told on WhatsApp, with SMS when WhatsApp fails', () => {
  it('placed → reminded → paid → shipped → delivered → refunded: one template each, in order', async () => {
    const shopper = await buyerWho('whatsapp', '0803 111 2001');
    const placed = await placeCatfishOrder(server.services, shopper.id);
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    // A millisecond past the minute (PostgreSQL keeps microseconds; the Date read back, milliseconds).
    const at = (minutes: number) => ({
      ...deps(),
      now: () => new Date(order!.createdAt.getTime() + minutes * 60_000 + 1),
    });
    await remindUnpaidOrders(at(9));
    await remindUnpaidOrders(at(10));
    await remindUnpaidOrders(at(11));
    await server.jobsDone();
    await decideDemoPayment(db(), placed.reference, 'success');
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    // The provider's callback and webhook both report the payment: told once.
    expect(await settlePayment(deps(), placed.reference)).toBe('paid');
    await updateOrderStatus(deps(), admin, placed.orderId, 'shipped');
    await updateOrderStatus(deps(), admin, placed.orderId, 'delivered');
    // Done in this request, or by a worker that took the refund's job first (refundOrder): either way, once.
    expect(['processed', 'requested']).toContain(
      await refundOrder(deps(), admin, placed.orderId, { reason: 'spoiled' }),
    );
    await server.jobsDone();
    const [refunded] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    expect(refunded!.refundStatus).toBe('processed');

    const toBuyer = meta.sent.filter((m) => m.to === '2348031112001');
    expect(toBuyer.map((m) => [m.template, m.params[1]])).toEqual([
      ['payment_reminder', expect.stringMatching(/^₦/)],
      ['order_confirmed', expect.stringMatching(/^₦/)],
      ['order_update', 'Your order has been shipped and is on its way to you!'],
      // Delivered says until when a problem can be reported (decision 043).
      [
        'order_update',
        expect.stringMatching(
          /^Your order has been delivered successfully\. Enjoy! Something wrong\? Report it before .+\.$/,
        ),
      ],
      ['order_refunded', expect.stringMatching(/^₦/)],
    ]);
    expect(termii.sent.filter((m) => m.to === '2348031112001')).toEqual([]);
    const rows = await messagesOf(db(), placed.orderId);
    expect(rows.map((m) => [m.kind, m.channel, m.status, m.transport])).toEqual(
      toBuyer.map((m) => [m.template, 'whatsapp', 'accepted', 'whatsapp']),
    );

    // Meta reports the delivered news failed: it fails, and one SMS (Termii, dnd) stands in for it.
    const delivered = toBuyer[3]!;
    for (let i = 0; i < 2; i++)
      expect(
        (
          await meta.report(`${server.url}/api/webhooks/whatsapp`, delivered.wamid, 'failed', {
            error: { code: 131026, details: 'Message undeliverable' },
          })
        ).status,
      ).toBe(200);
    await server.jobsDone();
    const texts = termii.sent.filter((m) => m.to === '2348031112001');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toEqual({
      api_key: termii.apiKey,
      to: '2348031112001',
      from: 'FreshCatch',
      sms: `FreshCatch order #${placed.orderId.slice(0, 8)}: ${delivered.params[1]} ${server.url}/account/orders/${placed.orderId}`,
      type: 'plain',
      channel: 'dnd',
    });

    // Termii's signed delivery report: recorded once; a forged or unsigned one is refused.
    const hook = `${server.url}/api/webhooks/termii`;
    const sms = (await messagesOf(db(), placed.orderId)).find((m) => m.channel === 'sms')!;
    expect(sms).toMatchObject({ status: 'accepted', providerMessageId: texts[0]!.messageId });
    for (const signature of [null, 'ab'.repeat(64)])
      expect((await termii.report(hook, texts[0]!.messageId, 'Delivered', { signature })).status).toBe(401);
    const [still] = await db().select().from(schema.messages).where(eq(schema.messages.id, sms.id));
    expect(still!.status).toBe('accepted');
    expect(
      (await termii.report(hook, texts[0]!.messageId, 'DELIVERED | Message delivered to handset')).status,
    ).toBe(200);
    expect((await termii.report(hook, texts[0]!.messageId, 'Delivered')).status).toBe(200);
    const events = await db()
      .select({ status: schema.messageEvents.status })
      .from(schema.messageEvents)
      .where(eq(schema.messageEvents.messageId, sms.id));
    expect(events.map((e) => e.status).sort()).toEqual(['accepted', 'delivered', 'sending']);
    const [done] = await db().select().from(schema.messages).where(eq(schema.messages.id, sms.id));
    expect(done!.status).toBe('delivered');
  });

  it('a buyer who chose SMS is texted by Termii; a Termii refusal fails the text, with its reason', async () => {
    const shopper = await buyerWho('sms', '0803 111 2002');
    const paid = await placeCatfishOrder(server.services, shopper.id);
    await decideDemoPayment(db(), paid.reference, 'success');
    await settlePayment(deps(), paid.reference);
    await server.jobsDone();
    expect(meta.sent.filter((m) => m.to === '2348031112002')).toEqual([]);
    const [text] = termii.sent.filter((m) => m.to === '2348031112002');
    expect(text!.sms).toMatch(/^FreshCatch: payment of ₦[\d,]+ received for order #/);

    termii.failNext({ status: 422, message: 'Sender ID not registered for DND route' });
    await updateOrderStatus(deps(), admin, paid.orderId, 'processing');
    await server.jobsDone();
    const rows = await messagesOf(db(), paid.orderId);
    expect(rows.map((m) => [m.kind, m.status, m.errorCode, m.errorDetail])).toEqual([
      ['order_confirmed', 'accepted', null, null],
      ['order_update', 'failed', '422', 'Termii refused the message: Sender ID not registered for DND route'],
    ]);

    // The owner sees it on the dashboard, beside the failed jobs, with its reason and its order.
    const owner = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dashboard = await (await owner.get('/admin')).text();
    const section = dashboard.slice(dashboard.indexOf('id="failed-messages"')).replace(/<!-- -->/g, '');
    expect(section).toContain('Messages that failed');
    expect(section).toMatch(/SMS · Status update · <a [^>]*href="\/admin\/orders\?order=[^"]+"[^>]*>order #/);
    expect(section).toContain(`order #${paid.orderId.slice(0, 8)}`);
    expect(section).toContain('Termii refused the message: Sender ID not registered for DND route');
    expect(section).toContain('To 0803 111 2002');
  });
});
