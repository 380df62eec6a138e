import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '#core/checkout/place';
import { settlePayment } from '#core/checkout/settle';
import { NOT_AN_IMAGE } from '#core/media/images';
import { shopTime } from '#core/calendar';
import { claimDecidedMessage, orderStatusMessage, refundMessage } from '#core/notifications/messages';
import { CLAIM_REFUSALS } from '#core/orders/claim-window';
import { updateOrderStatus } from '#core/orders/management';
import { CLAIM_FORM_MESSAGES, claimLineField } from '#core/orders/schemas';
import { decideDemoPayment } from '#core/payments/demo';
import { adminActor, type AdminActor } from '#core/roles';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { checkoutKey, createCheckoutShopper, productNamed, signedInClient } from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { messagesOf } from '../support/messages';
import { startTestServer, type TestServer } from '../support/test-server';

// Freshness claims (issue 33, part 4): the buyer reports bad lines with a photo within the window after
// delivery; the owner approves (a partial refund of the lines) or declines; the buyer is told either way.
let server: TestServer;
let admin: AdminActor;
let adminClient: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  adminClient = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
const orderRow = async (id: string) =>
  (await db().select().from(schema.orders).where(eq(schema.orders.id, id)))[0]!;
const claimsOf = (orderId: string) =>
  db().select().from(schema.orderClaims).where(eq(schema.orderClaims.orderId, orderId));
const eventsOf = async (orderId: string) =>
  (
    await db()
      .select({ kind: schema.orderEvents.kind })
      .from(schema.orderEvents)
      .where(eq(schema.orderEvents.orderId, orderId))
      .orderBy(schema.orderEvents.id)
  ).map((e) => e.kind);
const notesOf = async (userId: string) =>
  (await db().select().from(schema.notifications).where(eq(schema.notifications.userId, userId))).map(
    (n) => n.message,
  );

/** A shopper's paid order of 3 live catfish (fresh) and 2 smoked catfish, moved to `status`. */
async function paidOrder(status: 'shipped' | 'delivered' = 'delivered') {
  const shopper = await createCheckoutShopper(server.services);
  const client = await signedInClient(server, shopper.email);
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  const smoked = await productNamed(db(), 'Smoked Catfish');
  const placed = await placeOrder(server.services.checkout, shopper.id, {
    idempotencyKey: checkoutKey(),
    items: [
      { productId: catfish.id, quantity: 3 },
      { productId: smoked.id, quantity: 2 },
    ],
    deliveryMethod: 'pickup',
    deliveryLocation: 'Port Harcourt',
    pickupLocation: 'Rumuokoro Junction Hub',
  });
  await decideDemoPayment(db(), placed.reference, 'success');
  expect(await settlePayment(server.services.checkout, placed.reference)).toBe('paid');
  await updateOrderStatus(server.services.checkout, admin, placed.orderId, status);
  const items = await db()
    .select()
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, placed.orderId))
    .orderBy(schema.orderItems.id);
  const fresh = items.find((i) => i.productName === catfish.name)!;
  const dry = items.find((i) => i.productName === smoked.name)!;
  return { shopper, client, orderId: placed.orderId, fresh, smoked: dry };
}

async function photo(): Promise<Blob> {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a5c3a' } })
    .jpeg()
    .toBuffer();
  return new Blob([new Uint8Array(buffer)], { type: 'image/jpeg' });
}

/** The order page's claim form, posted as a browser without scripts posts it (multipart). */
async function fileClaim(
  client: HttpClient,
  orderId: string,
  fields: Record<string, string>,
  picture: Blob | null,
): Promise<Response> {
  const form = new FormData();
  form.set('intent', 'claim');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (picture) form.set('photo', picture, 'spoiled.jpg');
  return fetch(`${server.url}/account/orders/${orderId}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { origin: server.url, cookie: client.cookieHeader() },
  });
}

/** When the order was delivered, moved back by `hours` (the claim window runs from it). */
async function deliveredHoursAgo(orderId: string, hours: number) {
  await db()
    .update(schema.orderEvents)
    .set({ createdAt: new Date(Date.now() - hours * 60 * 60 * 1000) })
    .where(and(eq(schema.orderEvents.orderId, orderId), eq(schema.orderEvents.kind, 'delivered')));
}

describe('the buyer files a freshness claim', () => {
  it('on a delivered order: the form, the claim with its photo, the history; one open claim at a time', async () => {
    const { client, orderId, fresh } = await paidOrder();
    const page = await (await client.get(`/account/orders/${orderId}`)).text();
    expect(page).toContain('Freshness claims');
    expect(page).toContain('Send claim');
    expect(page).toContain(`name="${claimLineField(fresh.id)}"`);

    const response = await fileClaim(
      client,
      orderId,
      { [claimLineField(fresh.id)]: '1', description: 'One catfish smelled off when we opened the bag.' },
      await photo(),
    );
    expect(response.status).toBe(200);
    const [claim] = await claimsOf(orderId);
    expect(claim).toMatchObject({
      status: 'open',
      lines: [{ itemId: fresh.id, quantity: 1 }],
      description: 'One catfish smelled off when we opened the bag.',
    });
    // Stored like a product picture: re-encoded, served from the shop's media.
    expect(claim!.photoUrl).toMatch(/^\/media\/[0-9a-f]{20}-800\.webp$/);
    const served = await fetch(`${server.url}${claim!.photoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toContain('image/webp');
    expect((await orderRow(orderId)).claimStatus).toBe('open');
    expect(await eventsOf(orderId)).toContain('claim_filed');

    const after = await (await client.get(`/account/orders/${orderId}`)).text();
    expect(after).toContain('Waiting for the shop’s decision');
    expect(after).toContain('Freshness claim filed');
    expect(after).toContain('1 × Live Catfish (Table Size)');
    // One open claim at a time: the form is gone, and a second post is refused with the reason.
    expect(after).not.toContain('Send claim');
    const again = await fileClaim(
      client,
      orderId,
      { [claimLineField(fresh.id)]: '1', description: 'Again.' },
      await photo(),
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(CLAIM_REFUSALS.open);
    expect(await claimsOf(orderId)).toHaveLength(1);
  });

  it('the delivered message says until when a problem can be reported: notification, e-mail and SMS', async () => {
    const { shopper, orderId } = await paidOrder();
    const [delivered] = await db()
      .select()
      .from(schema.orderEvents)
      .where(and(eq(schema.orderEvents.orderId, orderId), eq(schema.orderEvents.kind, 'delivered')));
    // The live catfish's 6 hours end first (the smoked catfish has 48): the buyer is told that time.
    const until = shopTime(new Date(delivered!.createdAt.getTime() + 6 * 60 * 60 * 1000));
    const told = `${orderStatusMessage('delivered')} Something wrong? Report it before ${until}.`;
    expect(await notesOf(shopper.id)).toContain(told);
    await server.jobsDone();
    expect(server.mailer.sent.some((m) => m.to === shopper.email && m.text.includes(told))).toBe(true);
    const sms = (await messagesOf(db(), orderId)).find((m) => m.body.includes('delivered'));
    expect(sms!.body).toContain(`: ${told} ${server.url}/account/orders/${orderId}`);
    // Other statuses say nothing of claims.
    const shipped = await paidOrder('shipped');
    expect((await notesOf(shipped.shopper.id)).join(' ')).not.toContain('Something wrong?');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { client, orderId, fresh } = await paidOrder();
    const cases: [Record<string, string>, Blob | null, number, string][] = [
      [{ [claimLineField(fresh.id)]: '1', description: 'Spoiled.' }, null, 400, CLAIM_FORM_MESSAGES.photo],
      [
        { [claimLineField(fresh.id)]: '1', description: ' ' },
        await photo(),
        400,
        CLAIM_FORM_MESSAGES.description,
      ],
      [
        { [claimLineField(fresh.id)]: 'two', description: 'Spoiled.' },
        await photo(),
        400,
        CLAIM_FORM_MESSAGES.lines,
      ],
      [
        { [claimLineField(fresh.id)]: '0', description: 'Spoiled.' },
        await photo(),
        409,
        CLAIM_REFUSALS.noLines,
      ],
      [
        { [claimLineField(fresh.id)]: '4', description: 'Spoiled.' },
        await photo(),
        409,
        CLAIM_REFUSALS.tooMany('Live Catfish (Table Size)', 3),
      ],
      [
        { [claimLineField(999_999)]: '1', description: 'Spoiled.' },
        await photo(),
        409,
        CLAIM_REFUSALS.unknownLine,
      ],
    ];
    for (const [fields, picture, status, message] of cases) {
      const response = await fileClaim(client, orderId, fields, picture);
      expect(response.status, message).toBe(status);
      expect(await response.text(), message).toContain(message.replace(/'/g, '&#x27;').slice(0, 30));
    }
    // A file that is not a picture: before scripts, the page comes back with the reason beside the photo
    // field; with them (the .data post), under the claim's own title, not the product form's.
    const notAPicture = () =>
      new Blob([new TextEncoder().encode('not a picture at all')], { type: 'image/jpeg' });
    const plain = await fileClaim(
      client,
      orderId,
      { [claimLineField(fresh.id)]: '1', description: 'Spoiled.' },
      notAPicture(),
    );
    expect(plain.status).toBe(400);
    const html = await plain.text();
    const photoField = html.slice(html.indexOf('Photo of the problem'), html.indexOf('Send claim'));
    expect(photoField).toMatch(new RegExp(`id="[^"]*-error"[^>]*>${NOT_AN_IMAGE.slice(0, 30)}`));
    const scripted = await fileClaim(
      client,
      `${orderId}.data`,
      { [claimLineField(fresh.id)]: '1', description: 'Spoiled.' },
      notAPicture(),
    );
    const data = await scripted.text();
    expect(data).toContain('Claim not filed');
    expect(data).toContain(NOT_AN_IMAGE);
    expect(data).not.toContain('Failed to upload image');
    expect(await claimsOf(orderId)).toEqual([]);
    expect((await orderRow(orderId)).claimStatus).toBeNull();
  });

  it('not before delivery, not on another buyer’s order, and not past the window', async () => {
    const shipped = await paidOrder('shipped');
    expect(await (await shipped.client.get(`/account/orders/${shipped.orderId}`)).text()).not.toContain(
      'Send claim',
    );
    const early = await fileClaim(
      shipped.client,
      shipped.orderId,
      { [claimLineField(shipped.fresh.id)]: '1', description: 'Spoiled.' },
      await photo(),
    );
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(CLAIM_REFUSALS.notDelivered);

    const { client, orderId, fresh, smoked } = await paidOrder();
    // Someone else's order is as unknown as a made-up one, and they may not send it 5 MB.
    const stranger = shipped.client;
    const theirs = await fileClaim(
      stranger,
      orderId,
      { [claimLineField(fresh.id)]: '1', description: 'Spoiled.' },
      await photo(),
    );
    expect(theirs.status).toBe(404);
    const big = new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/jpeg' });
    expect(
      (await fileClaim(stranger, orderId, { [claimLineField(fresh.id)]: '1', description: 'x' }, big)).status,
    ).toBe(413);

    // Seven hours after delivery: the fresh catfish's 6 hours are over, the smoked catfish's 48 are not.
    await deliveredHoursAgo(orderId, 7);
    const page = await (await client.get(`/account/orders/${orderId}`)).text();
    expect(page).toContain('Send claim');
    expect(page).not.toContain(`name="${claimLineField(fresh.id)}"`);
    expect(page).toContain(`name="${claimLineField(smoked.id)}"`);
    const late = await fileClaim(
      client,
      orderId,
      { [claimLineField(fresh.id)]: '1', description: 'Spoiled.' },
      await photo(),
    );
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(
      'The time to report a problem with Live Catfish (Table Size) ended on',
    );
    // Three days on, nothing is open: no form, and the server refuses.
    await deliveredHoursAgo(orderId, 72);
    expect(await (await client.get(`/account/orders/${orderId}`)).text()).not.toContain('Send claim');
    const closed = await fileClaim(
      client,
      orderId,
      { [claimLineField(smoked.id)]: '1', description: 'Spoiled.' },
      await photo(),
    );
    expect(closed.status).toBe(409);
    expect(await claimsOf(orderId)).toEqual([]);
  });
});

describe('the owner decides a claim on the dashboard', () => {
  async function filed() {
    const order = await paidOrder();
    const response = await fileClaim(
      order.client,
      order.orderId,
      { [claimLineField(order.fresh.id)]: '2', description: 'Two of the three were soft and smelled.' },
      await photo(),
    );
    expect(response.status).toBe(200);
    const [claim] = await claimsOf(order.orderId);
    return { ...order, claim: claim! };
  }

  it('approves: a partial refund of the claimed lines through the refund path, and the buyer is told', async () => {
    const { shopper, client, orderId, fresh, claim } = await filed();
    const dashboard = await (await adminClient.get('/admin')).text();
    expect(dashboard).toContain('Freshness claims waiting');
    expect(dashboard).toContain('Two of the three were soft and smelled.');
    expect(dashboard).toContain(claim.photoUrl.replace(/-800\.webp$/, '-400.webp'));
    // The order's details carry it too (its dialog opens in the browser: the e2e journey looks at it).
    const details = await (await adminClient.get(`/admin/orders?order=${orderId}`)).text();
    expect(details).toContain('Two of the three were soft and smelled.');

    const response = await adminClient.postForm('/admin?index', {
      intent: 'claim-approve',
      orderId,
      claimId: String(claim.id),
      reason: 'spoiled',
      [claimLineField(fresh.id)]: '2',
    });
    expect(response.status).toBe(200);
    await server.jobsDone();
    // Two of the three catfish: two thirds of that line, less nothing (no discount).
    const amount = Math.floor((fresh.totalPriceKobo * 2) / 3);
    const [refund] = await db()
      .select()
      .from(schema.orderRefunds)
      .where(eq(schema.orderRefunds.orderId, orderId));
    expect(refund).toMatchObject({
      claimId: claim.id,
      reason: 'spoiled',
      amountKobo: amount,
      lines: [{ itemId: fresh.id, quantity: 2 }],
    });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ claimStatus: 'approved', refundedKobo: amount, status: 'delivered' });
    expect((await claimsOf(orderId))[0]).toMatchObject({ status: 'approved', decidedBy: admin.id });
    // The claim, the decision and the refund are in the order's history, in that order.
    const events = await eventsOf(orderId);
    expect(events.slice(events.indexOf('claim_filed'))).toEqual([
      'claim_filed',
      'claim_approved',
      'refund_requested',
      'refunded',
    ]);
    const notes = await notesOf(shopper.id);
    expect(notes).toContain(claimDecidedMessage('approved', null));
    expect(notes).toContain(refundMessage(orderId, server.services.checkout.formatMoney(amount)));
    expect(server.mailer.sent.some((m) => m.to === shopper.email && m.text.includes('freshness claim'))).toBe(
      true,
    );
    // Audited, with the refund it asked for.
    const audit = await db()
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.subjectId, orderId));
    expect(audit.map((a) => a.action).sort()).toEqual(['refunded', 'status_changed', 'updated']);
    // The buyer sees the outcome; the dashboard no longer lists it; a second decision is refused.
    const page = await (await client.get(`/account/orders/${orderId}`)).text();
    expect(page).toContain(`Approved: ${server.services.checkout.formatMoney(amount)} refunded`);
    expect(page).toContain('Claim approved');
    // Two of the three catfish are refunded: one is left to claim, the smoked catfish as bought.
    expect(page).toContain('Live Catfish (Table Size) (up to 1)');
    expect(page).toContain('Smoked Catfish (up to 2)');
    const refunded = await fileClaim(
      client,
      orderId,
      { [claimLineField(fresh.id)]: '2', description: 'And the rest.' },
      await photo(),
    );
    expect(refunded.status).toBe(409);
    expect(await refunded.text()).toContain('At most 1 of Live Catfish (Table Size) can be claimed');
    expect(await (await adminClient.get('/admin')).text()).not.toContain('Two of the three were soft');
    const again = await adminClient.postForm('/admin?index', {
      intent: 'claim-decline',
      orderId,
      claimId: String(claim.id),
      note: 'Too late.',
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(CLAIM_REFUSALS.notOpen);
  });

  it('refuses to approve more than was claimed, and then nothing changes', async () => {
    const { orderId, fresh, claim } = await filed();
    const response = await adminClient.postForm('/admin?index', {
      intent: 'claim-approve',
      orderId,
      claimId: String(claim.id),
      reason: 'spoiled',
      [claimLineField(fresh.id)]: '3',
    });
    // Bad input, said as such: not a refund that failed.
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain('The buyer claimed 2 of Live Catfish (Table Size): approve at most that many.');
    expect(text).toContain('Claim not decided');
    expect(text).not.toContain('Refund Failed');
    // None of it: the same, with what to do instead.
    const none = await adminClient.postForm('/admin?index', {
      intent: 'claim-approve',
      orderId,
      claimId: String(claim.id),
      reason: 'spoiled',
      [claimLineField(fresh.id)]: '0',
    });
    expect(none.status).toBe(400);
    const noneText = await none.text();
    expect(noneText).toContain('Approve at least one of the claimed items, or decline the claim.');
    expect(noneText).not.toContain('Refund Failed');
    expect(await orderRow(orderId)).toMatchObject({ claimStatus: 'open', refundStatus: null });
    expect(
      await db().select().from(schema.orderRefunds).where(eq(schema.orderRefunds.orderId, orderId)),
    ).toEqual([]);
  });

  it('declines with a reason, which the buyer is told; a decline without one is refused', async () => {
    const { shopper, client, orderId, claim } = await filed();
    const bare = await adminClient.postForm('/admin?index', {
      intent: 'claim-decline',
      orderId,
      claimId: String(claim.id),
      note: '  ',
    });
    expect(bare.status).toBe(400);
    expect((await orderRow(orderId)).claimStatus).toBe('open');

    const reason = 'The photo shows whole, fresh fish; the smell is normal for live catfish.';
    const response = await adminClient.postForm('/admin?index', {
      intent: 'claim-decline',
      orderId,
      claimId: String(claim.id),
      note: reason,
    });
    expect(response.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ claimStatus: 'declined', refundedKobo: null });
    expect((await claimsOf(orderId))[0]).toMatchObject({ status: 'declined', decisionNote: reason });
    expect(await eventsOf(orderId)).toContain('claim_declined');
    expect(await notesOf(shopper.id)).toContain(claimDecidedMessage('declined', reason));
    // And on the buyer's channel (SMS here: a buyer who never chose), as a status is (issue 35).
    await server.jobsDone();
    const told = await messagesOf(db(), orderId);
    expect(told.map((m) => [m.channel, m.kind, m.status]).at(-1)).toEqual([
      'sms',
      'order_update',
      'accepted',
    ]);
    expect(told.at(-1)!.body).toBe(
      `FreshCatch order #${orderId.slice(0, 8)}: ${claimDecidedMessage('declined', reason)} ${server.url}/account/orders/${orderId}`,
    );
    // The template names the order; the sentence in it does not name it again.
    expect(told.at(-1)!.body.split(`#${orderId.slice(0, 8)}`)).toHaveLength(2);
    const page = await (await client.get(`/account/orders/${orderId}`)).text();
    expect(page).toContain('Declined: ');
    expect(page).toContain('Claim declined');
    // A declined claim does not close the window: another line can still be reported.
    expect(page).toContain('Send claim');
  });
});
