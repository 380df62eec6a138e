import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActor, type AdminActor } from '#core/roles';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  deleteOrder,
  getOrderForAdmin,
  listConditions,
  listOrdersForAdmin,
  ORDER_DELETE_AWAITING_PAYMENT,
  ORDER_DELETE_REFUSED,
  ORDER_DELETE_UNREFUNDED,
  updateOrderStatus,
} from '#core/orders/management';
import { slotDateLabel } from '#core/delivery/slots';
import { LIFECYCLE_REFUSALS } from '#core/orders/transitions';
import { countUpTo } from '#core/paging-queries';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import { createOrder, createUser, productNamed, signedInClient } from '../support/factories';
import { type HttpClient, locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// The admin finds, reads, moves and deletes orders (spec §2, §4, §5, §8).
let server: TestServer;
let admin: AdminActor;
let client: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '100', PAGE_CACHE_SECONDS: '0' } });
  const [row] = await server.database.db.select().from(schema.user).where(eq(schema.user.email, ADMIN_EMAIL));
  admin = adminActor(row!)!;
  client = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;

async function orderFor(
  options: Parameters<typeof createOrder>[3] = {},
  recipient?: Partial<typeof schema.orders.$inferInsert>,
) {
  const shopper = await createUser(server.services);
  const catfish = await productNamed(db(), 'Live Catfish (Table Size)');
  const order = await createOrder(db(), shopper.id, [catfish.id], options);
  if (recipient) await db().update(schema.orders).set(recipient).where(eq(schema.orders.id, order.id));
  return { shopper, order };
}

describe('the orders list', () => {
  it('searches id, recipient name, address and phone case-insensitively, and filters by status, payment and customer', async () => {
    const { order, shopper } = await orderFor(
      { paymentStatus: 'pending', status: 'pending' },
      {
        shippingName: 'Adaeze Okonkwo-Zed',
        shippingAddress: '7 Zulu Close, Rumuola',
        shippingPhone: '0809 111 2222',
      },
    );
    const find = (q: string, more = {}) => listOrdersForAdmin(db(), admin, { q, page: 1, ...more });
    for (const q of ['adaeze okonkwo-zed', 'ZULU CLOSE', '0809 111', order.id.slice(0, 8).toUpperCase()])
      expect((await find(q)).orders.map((o) => o.id)).toEqual([order.id]);
    // A number kept as E.164 (as profiles now keep it) is found as people type it.
    const { order: kept } = await orderFor(
      { paymentStatus: 'pending', status: 'pending' },
      { shippingName: 'Kelechi Stored', shippingAddress: '3 Port Road', shippingPhone: '+2348097773333' },
    );
    for (const q of ['0809 777', '+234 809 777 3333', '2348097773333', '777 3333'])
      expect((await find(q)).orders.map((o) => o.id)).toEqual([kept.id]);
    expect((await find('adaeze', { status: 'delivered' })).orders).toEqual([]);
    expect((await find('adaeze', { payment: 'awaiting' })).orders).toHaveLength(1);
    expect((await find('adaeze', { payment: 'paid' })).orders).toEqual([]);
    const mine = await listOrdersForAdmin(db(), admin, { userId: shopper.id, page: 1 });
    expect(mine.orders.map((o) => o.id)).toEqual([order.id]);
    expect(mine.orders[0]).toMatchObject({
      recipient: 'Adaeze Okonkwo-Zed',
      customerEmail: shopper.email,
      itemCount: 1,
    });
    // A wildcard is a character, not "anything".
    expect((await find('%')).orders).toEqual([]);
  });

  it('pages 25 at a time, newest first', async () => {
    for (let i = 0; i < ADMIN_ORDERS_PAGE_SIZE + 1; i++)
      await orderFor({}, { shippingName: `Pager Person ${i}` });
    const first = await listOrdersForAdmin(db(), admin, { q: 'Pager Person', page: 1 });
    const second = await listOrdersForAdmin(db(), admin, { q: 'Pager Person', page: 2 });
    expect(first).toMatchObject({ total: 26, pages: 2, page: 1 });
    expect(first.orders).toHaveLength(25);
    expect(second.orders).toHaveLength(1);
    // A page past the end shows the last one.
    const past = await listOrdersForAdmin(db(), admin, { q: 'Pager Person', page: 9 });
    expect(past).toMatchObject({ total: 26, pages: 2, page: 2 });
    expect(past.orders.map((o) => o.id)).toEqual(second.orders.map((o) => o.id));
    const dates = first.orders.map((o) => new Date(o.createdAt).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    // Counted exactly up to a limit (10,000 in the shop), past it "N+" with the pages going on.
    const pagers = listConditions({ q: 'Pager Person', page: 1 });
    expect(await countUpTo(db(), schema.orders, pagers, 26)).toEqual({ total: 26, moreThanTotal: false });
    expect(await countUpTo(db(), schema.orders, pagers, 20)).toEqual({ total: 20, moreThanTotal: true });
  });

  it('is a page with the table, its filters in the URL, and a details dialog', async () => {
    const { order } = await orderFor({}, { shippingName: 'Dialog Person' });
    const page = await client.get(`/admin/orders?q=Dialog+Person&order=${order.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of [
      'Order ID',
      'Customer',
      'Items',
      'Amount',
      'Date',
      'Status',
      'Actions',
      'Dialog Person',
    ])
      expect(html).toContain(text);
    expect(html).toContain(`#${order.id.slice(0, 8)}`);
    expect((await client.get('/admin/orders?q=nobody-is-called-this')).status).toBe(200);
    expect(await (await client.get('/admin/orders?q=nobody-is-called-this')).text()).toContain(
      'No orders found',
    );
    // A made-up order in the URL is a 404, not a crash; a bad page number falls back to the first.
    const missing = await client.get('/admin/orders?order=00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    // The failed screen keeps the admin sidebar, so the admin can go on elsewhere.
    const missingHtml = await missing.text();
    expect(missingHtml).toContain('This order no longer exists.');
    expect(missingHtml).toContain('href="/admin/discount-codes"');
    expect((await client.get('/admin/orders?page=abc&status=nonsense')).status).toBe(200);
    // Something shaped like an id that is not one is no order, not a database error.
    const zeros = '0'.repeat(36);
    expect((await client.get(`/admin/orders?order=${zeros}`)).status).toBe(200);
    const post = await client.postForm('/admin/orders', {
      intent: 'status',
      orderId: zeros,
      status: 'shipped',
    });
    expect(post.status).toBe(400);
  });
});

describe('order details', () => {
  it('computes the subtotal as total − delivery fee + discount (spec §9)', async () => {
    const { order } = await orderFor({}, { discountKobo: 100_000, totalKobo: 0 });
    await db()
      .update(schema.orders)
      .set({ totalKobo: order.subtotalKobo + order.deliveryFeeKobo - 100_000 })
      .where(eq(schema.orders.id, order.id));
    const details = await getOrderForAdmin(db(), admin, order.id);
    expect(details.subtotalKobo).toBe(order.subtotalKobo);
    expect(details.items).toHaveLength(1);
  });
});

describe('status changes (spec §4)', () => {
  it.each([
    ['processing', 'Your order is now being processed.', 'success'],
    ['shipped', 'Your order has been shipped and is on its way to you!', 'success'],
    ['delivered', 'Your order has been delivered successfully. Enjoy!', 'success'],
    // A paid order is cancelled by refunding it (below); one awaiting payment, directly.
    ['cancelled', 'Your order has been cancelled.', 'pending'],
  ] as const)(
    '%s: the status, the notification "%s" and the e-mail, over HTTP',
    async (status, message, paid) => {
      const { order, shopper } = await orderFor({ status: 'pending', paymentStatus: paid });
      const response = await client.postForm(`/admin/orders?order=${order.id}`, {
        intent: 'status',
        orderId: order.id,
        status,
      });
      expect(response.status).toBe(200);
      const [changed] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
      expect(changed!.status).toBe(status);
      const notes = await db()
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.userId, shopper.id));
      // The spec's sentence first ("delivered" then says until when a problem can be reported).
      expect(notes.map((n) => [n.message.slice(0, message.length), n.orderId])).toEqual([
        [message, order.id],
      ]);
      await server.jobsDone();
      const mail = server.mailer.lastTo(shopper.email);
      expect(mail?.text).toContain(message);
      expect(mail?.subject).toContain(`#${order.id.slice(0, 8)}`);
      // The e-mail opens the order's own page.
      expect(mail?.text).toContain(`/account/orders/${order.id}`);
    },
  );

  it('refuses what the lifecycle refuses, with its reason, and changes nothing', async () => {
    const refused = async (orderId: string, status: string, reason: string) => {
      const response = await client.postForm('/admin/orders', { intent: 'status', orderId, status });
      expect(response.status).toBe(409);
      const page = await response.text();
      expect(page).toContain('Update Failed');
      expect(page).toContain(reason.replaceAll("'", '&#x27;'));
    };
    // The status it has already.
    const { order: delivered, shopper } = await orderFor({ status: 'delivered' });
    await refused(delivered.id, 'delivered', 'This order is already delivered.');
    // Nothing delivered goes back.
    await refused(
      delivered.id,
      'processing',
      'This order has been delivered: it cannot go back to processing.',
    );
    // Nothing unpaid is shipped (it once answered 200).
    const { order: unpaid } = await orderFor({ status: 'pending', paymentStatus: 'pending' });
    await refused(unpaid.id, 'shipped', 'This order has not been paid, so it cannot be shipped.');
    // A paid order is not cancelled without its refund.
    const { order: paid } = await orderFor({ status: 'pending' });
    await refused(paid.id, 'cancelled', LIFECYCLE_REFUSALS.paidCancel);
    const states = await db()
      .select({ id: schema.orders.id, status: schema.orders.status })
      .from(schema.orders)
      .where(inArray(schema.orders.id, [delivered.id, unpaid.id, paid.id]));
    expect(Object.fromEntries(states.map((o) => [o.id, o.status]))).toEqual({
      [delivered.id]: 'delivered',
      [unpaid.id]: 'pending',
      [paid.id]: 'pending',
    });
    expect(
      await db().select().from(schema.notifications).where(eq(schema.notifications.userId, shopper.id)),
    ).toEqual([]);
    // A paid order may go back from shipped to processing (spec §4: any order but these).
    await updateOrderStatus(server.services.checkout, admin, paid.id, 'shipped');
    await updateOrderStatus(server.services.checkout, admin, paid.id, 'processing');
  });

  it('refuses a status that is not one, or an order that is not there, changing nothing', async () => {
    const { order } = await orderFor({ status: 'pending' });
    const bad = await client.postForm('/admin/orders', {
      intent: 'status',
      orderId: order.id,
      status: 'teleported',
    });
    expect(bad.status).toBe(400);
    const gone = await client.postForm('/admin/orders', {
      intent: 'status',
      orderId: '00000000-0000-4000-8000-000000000000',
      status: 'shipped',
    });
    expect(gone.status).toBe(404);
    const [same] = await db().select().from(schema.orders).where(eq(schema.orders.id, order.id));
    expect(same!.status).toBe('pending');
  });
});

describe('deleting orders', () => {
  it('keeps a paid order that is not cancelled: the books keep paid orders', async () => {
    const { order } = await orderFor({ paymentStatus: 'success', status: 'delivered' });
    const refused = await client.postForm('/admin/orders', { intent: 'delete', orderId: order.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ORDER_DELETE_REFUSED);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.id, order.id))).toHaveLength(1);
  });

  it('deletes an unpaid order with its items, says so, and goes back to the list', async () => {
    const { order } = await orderFor({ paymentStatus: 'failed', status: 'pending' });
    const deleted = await client.postForm(`/admin/orders?q=x&order=${order.id}`, {
      intent: 'delete',
      orderId: order.id,
    });
    expect(deleted.status).toBe(302);
    expect(locationOf(deleted)).toBe('/admin/orders?q=x');
    expect(await db().select().from(schema.orders).where(eq(schema.orders.id, order.id))).toEqual([]);
    expect(
      await db().select().from(schema.orderItems).where(eq(schema.orderItems.orderId, order.id)),
    ).toEqual([]);
    const list = await client.get('/admin/orders?q=x');
    // The toast travels in a one-shot cookie to the next page.
    expect(await list.text()).toContain('The order has been successfully deleted.');
  });

  it('keeps an order that may still be paid, and a cancelled paid order until it is refunded', async () => {
    const { order: awaiting } = await orderFor({ paymentStatus: 'pending', status: 'pending' });
    const refused = await client.postForm('/admin/orders', { intent: 'delete', orderId: awaiting.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(ORDER_DELETE_AWAITING_PAYMENT);

    const { order: paid } = await orderFor({ paymentStatus: 'success', status: 'pending' });
    await expect(deleteOrder(db(), admin, paid.id)).rejects.toMatchObject({ message: ORDER_DELETE_REFUSED });
    // Cancelled by its full refund, which is on its way: until the provider has paid it out, the books keep it.
    const refunding = {
      status: 'cancelled',
      cancelReason: 'refunded',
      refundedKobo: paid.totalKobo,
    } as const;
    await db()
      .update(schema.orders)
      .set({ ...refunding, refundStatus: 'pending', refundingKobo: paid.totalKobo })
      .where(eq(schema.orders.id, paid.id));
    await expect(deleteOrder(db(), admin, paid.id)).rejects.toMatchObject({
      message: ORDER_DELETE_UNREFUNDED,
    });
    // Refunded only in part (a refund found at the provider for less than it took): the books keep it.
    await db()
      .update(schema.orders)
      .set({ refundStatus: 'processed', refundingKobo: 0, refundedKobo: paid.totalKobo - 100 })
      .where(eq(schema.orders.id, paid.id));
    await expect(deleteOrder(db(), admin, paid.id)).rejects.toMatchObject({
      message: ORDER_DELETE_UNREFUNDED,
    });
    await db()
      .update(schema.orders)
      .set({ refundedKobo: paid.totalKobo })
      .where(eq(schema.orders.id, paid.id));
    await deleteOrder(db(), admin, paid.id);
    expect(await db().select().from(schema.orders).where(eq(schema.orders.id, paid.id))).toEqual([]);
  });

  it('gives back the code use an order still counted, whether it was unpaid or paid', async () => {
    const [code] = await db()
      .insert(schema.discountCodes)
      .values({ code: 'DELHOLD', type: 'percent', discountPercent: 5, usageLimit: 5, usedCount: 2 })
      .returning();
    const { order: expired } = await orderFor(
      { paymentStatus: 'failed', status: 'pending' },
      { discountCodeId: code!.id, discountUseHeld: true },
    );
    await deleteOrder(db(), admin, expired.id);
    const { order: refunded } = await orderFor(
      { paymentStatus: 'success', status: 'pending' },
      {
        discountCodeId: code!.id,
        discountUseHeld: true,
        status: 'cancelled',
        cancelReason: 'refunded',
        refundStatus: 'processed',
        refundedKobo: 730_000,
      },
    );
    await deleteOrder(db(), admin, refunded.id);
    const [after] = await db()
      .select()
      .from(schema.discountCodes)
      .where(eq(schema.discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(0);
  });
});

describe('CSV export', () => {
  it('streams every matching order (all pages) with naira amounts, quoted by the library', async () => {
    const { order } = await orderFor(
      {},
      {
        shippingName: 'Okafor, "Chief" Exporter',
        shippingAddress: '3 Line\nBreak Street',
        shippingPhone: '+2348031234567',
        discountCode: 'FRESH10',
        deliverySlotStartsAt: new Date('2026-12-03T13:00:00Z'),
        deliverySlotEndsAt: new Date('2026-12-03T16:00:00Z'),
      },
    );
    for (let i = 0; i < 3; i++) await orderFor({}, { shippingName: `Exporter Number ${i}` });
    await orderFor(
      {},
      { shippingName: 'Exporter Formula', shippingAddress: '=HYPERLINK("http://evil.example","x")' },
    );
    const response = await client.get('/admin/orders/export?q=Exporter');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="freshcatch-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const csv = (await response.text()).replace(/^\uFEFF/, '');
    const [header] = csv.split('\n');
    expect(header).toBe(
      'Order ID,Date (Lagos),Customer,E-mail,Phone,Address,Delivery method,Location,Pickup point,Delivery slot,Items,Subtotal (NGN),Delivery fee (NGN),Discount (NGN),Discount code,Total (NGN),Payment,Payment reference,Status,Refunded (NGN),Refund status,State',
    );
    expect(csv).toContain(`${order.id},`);
    expect(csv).toContain('"Okafor, ""Chief"" Exporter"');
    // A number kept as E.164 reads as people here write it (not as '+234…, the formula guard's text).
    expect(csv).toContain(',0803 123 4567,"3 Line\nBreak Street",');
    expect(csv).toContain('"3 Line\nBreak Street"');
    // The screens' words: the slot, the items by name and quantity, the code, "Paid" and "Delivered".
    expect(csv).toContain(
      `,"${slotDateLabel(new Date('2026-12-03T13:00:00Z'), new Date('2026-12-03T16:00:00Z'))}",1 × Live Catfish (Table Size),${(order.subtotalKobo / 100).toFixed(2)},2500.00,0.00,FRESH10,${(order.totalKobo / 100).toFixed(2)},Paid,${order.paymentReference},Delivered,`,
    );
    expect(csv).not.toMatch(/,success,|,delivered,/);
    expect(csv.match(/Exporter/g)).toHaveLength(5);
    // Refunds have their columns, and times are the shop's (Lagos, UTC+1).
    expect(csv).toContain(',0.00,,Delivered · Paid');
    const { order: refunded } = await orderFor(
      { status: 'pending' },
      {
        shippingName: 'Exporter Refunded',
        createdAt: new Date('2026-11-26T23:30:00Z'),
        status: 'cancelled',
        cancelReason: 'refunded',
        refundStatus: 'processed',
        refundedKobo: 730_000,
      },
    );
    const again = (await (await client.get('/admin/orders/export?q=Exporter Refunded')).text()).split(
      '\n',
    )[1];
    expect(again).toMatch(new RegExp(`^${refunded.id},2026-11-27 00:30:00,Exporter Refunded,`));
    expect(again).toMatch(
      /,Paid,FC-TEST-[^,]+,Cancelled,7300\.00,Refunded,"Cancelled — refunded · Refunded ₦7,300"$/,
    );
    // A formula a shopper typed is written as text, not run by the spreadsheet.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
  });

  it('reads in batches without losing or repeating an order, one piece of CSV per batch', async () => {
    const { listOrdersForAdmin: list } = await import('#core/orders/management');
    const { orderExportCsv } = await import('#core/orders/export');
    for (let i = 0; i < 9; i++) await orderFor({}, { shippingName: `Batch Person ${i}` });
    const pieces: string[] = [];
    for await (const piece of orderExportCsv(db(), admin, { q: 'Batch Person', page: 1 }, 4))
      pieces.push(piece);
    const all = await list(db(), admin, { q: 'Batch Person', page: 1 });
    expect(all.total).toBe(9);
    // The header, then batches of 4, 4 and 1 orders.
    expect(pieces.map((piece) => piece.split('\n').length - 1)).toEqual([1, 4, 4, 1]);
    expect(pieces[0]).toMatch(/^\uFEFFOrder ID,Date \(Lagos\),Customer,/);
    const ids = pieces.slice(1).flatMap((piece) =>
      piece
        .trimEnd()
        .split('\n')
        .map((line) => line.split(',')[0]),
    );
    expect(new Set(ids).size).toBe(all.total);
    expect(ids).toEqual(all.orders.map((order) => order.id));
  });

  it('exports the header alone when no order matches', async () => {
    const response = await client.get('/admin/orders/export?q=Nobody+Ever+Ordered+This');
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    // UTF-8's byte-order mark first, so a spreadsheet reads ₦ and names as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'Order ID,Date (Lagos),Customer,E-mail,Phone,Address,Delivery method,Location,Pickup point,Delivery slot,Items,Subtotal (NGN),Delivery fee (NGN),Discount (NGN),Discount code,Total (NGN),Payment,Payment reference,Status,Refunded (NGN),Refund status,State\n',
    );
  });
});
