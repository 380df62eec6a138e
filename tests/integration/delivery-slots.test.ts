import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrder } from '#core/checkout/cancel';
import type { CheckoutDeps } from '#core/checkout/deps';
import { placeOrder } from '#core/checkout/place';
import { releaseOrder, settlePayment } from '#core/checkout/settle';
import { offerSlots } from '#core/delivery/slot-bookings';
import { lagosInstant, SLOT_MESSAGES } from '#core/delivery/slots';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import {
  checkoutKey,
  createCheckoutShopper,
  createUser,
  productNamed,
  signedInClient,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/test-server';

// Delivery slots (issue 33, part 3): an Express order where the location has slots books one, never
// past its capacity or its cut-off (Lagos time), fresh fish only within its shelf life; the place goes
// back when the order ends unpaid and is taken again by a late payment; the owner's screen and the
// dispatch sheet show what riders carry.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '200', PAGE_CACHE_SECONDS: '0' } });
});
afterAll(() => server.close());

const db = () => server.database.db;
/** 09:00 in Lagos on Tuesday 1 December 2026: the clock every placement below is given. */
const NINE_AM = lagosInstant('2026-12-01', 9 * 60);
const at = (now: Date): CheckoutDeps => ({ ...server.services.checkout, now: () => now });

let places = 0;
/** A location of the test's own, with one afternoon slot (2–5 pm, orders close at 12 pm that day). */
async function slotIn(capacity: number, rule: Partial<typeof schema.deliverySlots.$inferInsert> = {}) {
  const location = `Slotville ${++places}`;
  const [slot] = await db()
    .insert(schema.deliverySlots)
    .values({ location, startMinute: 14 * 60, endMinute: 17 * 60, cutoffMinute: 12 * 60, capacity, ...rule })
    .returning();
  return slot!;
}

async function bookedOf(slotId: number, day: string) {
  const [row] = await db()
    .select()
    .from(schema.deliverySlotDays)
    .where(and(eq(schema.deliverySlotDays.slotId, slotId), eq(schema.deliverySlotDays.day, day)));
  return row?.booked ?? 0;
}

async function ordersOf(userId: string) {
  return db().select().from(schema.orders).where(eq(schema.orders.userId, userId));
}

async function expressOrder(
  location: string,
  slot: { slotId: number; day: string } | undefined,
  product = 'Smoked Catfish',
) {
  const item = await productNamed(db(), product);
  return {
    idempotencyKey: checkoutKey(),
    items: [{ productId: item.id, quantity: 1 }],
    deliveryMethod: 'express' as const,
    deliveryLocation: location,
    ...(slot ? { deliverySlot: slot } : {}),
  };
}

async function pay(reference: string) {
  await decideDemoPayment(db(), reference, 'success');
  expect(await settlePayment(server.services.checkout, reference)).toBe('paid');
}

describe('booking a slot', () => {
  it('two buyers for the last place at once: exactly one gets it, the other is told it is full', async () => {
    const slot = await slotIn(1);
    const day = '2026-12-01';
    const [a, b] = await Promise.all([
      createCheckoutShopper(server.services, slot.location),
      createCheckoutShopper(server.services, slot.location),
    ]);
    const results = await Promise.allSettled(
      [a, b].map(async (shopper) =>
        placeOrder(at(NINE_AM), shopper.id, await expressOrder(slot.location, { slotId: slot.id, day })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ message: SLOT_MESSAGES.full });
    expect(await bookedOf(slot.id, day)).toBe(1);
    const orders = [...(await ordersOf(a.id)), ...(await ordersOf(b.id))];
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      holds: 'held',
      deliverySlotStartsAt: lagosInstant(day, 14 * 60),
      deliverySlotEndsAt: lagosInstant(day, 17 * 60),
    });
  });

  it('ten buyers for three places: three orders, seven told it is full, the slot shows full', async () => {
    const slot = await slotIn(3);
    const day = '2026-12-02';
    const shoppers = await Promise.all(
      Array.from({ length: 10 }, () => createCheckoutShopper(server.services, slot.location)),
    );
    const results = await Promise.allSettled(
      shoppers.map(async (s) =>
        placeOrder(at(NINE_AM), s.id, await expressOrder(slot.location, { slotId: slot.id, day })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: SLOT_MESSAGES.full });
    expect(await bookedOf(slot.id, day)).toBe(3);
    const offered = (await offerSlots(db(), NINE_AM)).find((s) => s.slotId === slot.id && s.day === day);
    expect(offered).toMatchObject({ booked: 3, capacity: 3, full: true });
  });

  it('an order that ends unpaid gives its place back: shopper cancel, expiry, decline', async () => {
    const slot = await slotIn(1);
    const day = '2026-12-01';
    const want = { slotId: slot.id, day };
    const a = await createCheckoutShopper(server.services, slot.location);
    const b = await createCheckoutShopper(server.services, slot.location);
    const c = await createCheckoutShopper(server.services, slot.location);
    const d = await createCheckoutShopper(server.services, slot.location);
    const first = await placeOrder(at(NINE_AM), a.id, await expressOrder(slot.location, want));
    await expect(
      placeOrder(at(NINE_AM), b.id, await expressOrder(slot.location, want)),
    ).rejects.toMatchObject({ message: SLOT_MESSAGES.full });
    expect(await ordersOf(b.id)).toEqual([]);

    await cancelUnpaidOrder(server.services.checkout, a.id, first.orderId);
    expect(await bookedOf(slot.id, day)).toBe(0);
    expect((await ordersOf(a.id))[0]).toMatchObject({ holds: 'released', status: 'cancelled' });

    const second = await placeOrder(at(NINE_AM), b.id, await expressOrder(slot.location, want));
    expect(await bookedOf(slot.id, day)).toBe(1);
    await releaseOrder(server.services.checkout, second.reference, 'expired');
    expect(await bookedOf(slot.id, day)).toBe(0);

    const third = await placeOrder(at(NINE_AM), c.id, await expressOrder(slot.location, want));
    await decideDemoPayment(db(), third.reference, 'failed');
    await settlePayment(server.services.checkout, third.reference);
    expect(await bookedOf(slot.id, day)).toBe(0);

    // Paid, the place is kept.
    const fourth = await placeOrder(at(NINE_AM), d.id, await expressOrder(slot.location, want));
    await pay(fourth.reference);
    expect(await bookedOf(slot.id, day)).toBe(1);
    expect((await ordersOf(d.id))[0]).toMatchObject({ holds: 'kept', paymentStatus: 'success' });
  });

  it('a late payment of an expired order takes its place again, past the capacity (the money came)', async () => {
    const slot = await slotIn(1);
    const day = '2026-12-01';
    const want = { slotId: slot.id, day };
    const a = await createCheckoutShopper(server.services, slot.location);
    const b = await createCheckoutShopper(server.services, slot.location);
    const late = await placeOrder(at(NINE_AM), a.id, await expressOrder(slot.location, want));
    await releaseOrder(server.services.checkout, late.reference, 'expired');
    const onTime = await placeOrder(at(NINE_AM), b.id, await expressOrder(slot.location, want));
    await pay(onTime.reference);
    await pay(late.reference);
    expect(await bookedOf(slot.id, day)).toBe(2);
    expect((await ordersOf(a.id))[0]).toMatchObject({ holds: 'kept', paymentStatus: 'success' });
  });
});

describe('what may be booked', () => {
  it('a slot closes at its cut-off, in Lagos time: 11:59 books, 12:00 is refused', async () => {
    const slot = await slotIn(5);
    const day = '2026-12-03';
    const a = await createCheckoutShopper(server.services, slot.location);
    const b = await createCheckoutShopper(server.services, slot.location);
    const want = { slotId: slot.id, day };
    await expect(
      placeOrder(at(lagosInstant(day, 12 * 60)), b.id, await expressOrder(slot.location, want)),
    ).rejects.toMatchObject({ message: SLOT_MESSAGES.cutOff('12 pm today') });
    await placeOrder(at(lagosInstant(day, 11 * 60 + 59)), a.id, await expressOrder(slot.location, want));
    expect(await bookedOf(slot.id, day)).toBe(1);
    expect(await ordersOf(b.id)).toEqual([]);
  });

  it('a cut-off the day before, around midnight: tomorrow’s morning slot closes at 6 pm tonight', async () => {
    const slot = await slotIn(5, {
      startMinute: 9 * 60,
      endMinute: 12 * 60,
      cutoffDaysBefore: 1,
      cutoffMinute: 18 * 60,
    });
    const shopper = await createCheckoutShopper(server.services, slot.location);
    const book = async (now: Date, day: string) =>
      placeOrder(at(now), shopper.id, await expressOrder(slot.location, { slotId: slot.id, day }));
    // 23:30 in Lagos (22:30 UTC, still the same day there): tomorrow's slot closed at 6 pm.
    await expect(book(lagosInstant('2026-12-04', 23 * 60 + 30), '2026-12-05')).rejects.toMatchObject({
      message: SLOT_MESSAGES.cutOff('6 pm today'),
    });
    // 00:30 in Lagos (23:30 UTC the day before): the day has turned; the day after tomorrow's is open.
    const afterMidnight = lagosInstant('2026-12-05', 30);
    expect(afterMidnight.toISOString()).toBe('2026-12-04T23:30:00.000Z');
    await expect(book(afterMidnight, '2026-12-05')).rejects.toMatchObject({
      message: SLOT_MESSAGES.cutOff('6 pm yesterday'),
    });
    await book(afterMidnight, '2026-12-06');
    expect(await bookedOf(slot.id, '2026-12-06')).toBe(1);
  });

  it('fresh fish and shellfish only within their shelf life (today or tomorrow); smoked fish any day offered', async () => {
    const slot = await slotIn(5);
    const shopper = await createCheckoutShopper(server.services, slot.location);
    const later = { slotId: slot.id, day: '2026-12-03' };
    for (const product of ['Croaker Fish (Fresh)', 'Giant Tiger Prawns'])
      await expect(
        placeOrder(at(NINE_AM), shopper.id, await expressOrder(slot.location, later, product)),
      ).rejects.toMatchObject({ message: SLOT_MESSAGES.shelfLife('tomorrow') });
    expect(await ordersOf(shopper.id)).toEqual([]);
    await placeOrder(
      at(NINE_AM),
      shopper.id,
      await expressOrder(slot.location, { slotId: slot.id, day: '2026-12-02' }, 'Croaker Fish (Fresh)'),
    );
    await placeOrder(at(NINE_AM), shopper.id, await expressOrder(slot.location, later, 'Smoked Catfish'));
    expect(await bookedOf(slot.id, '2026-12-02')).toBe(1);
    expect(await bookedOf(slot.id, '2026-12-03')).toBe(1);
  });

  it('Express where the location has slots needs one; other methods and locations book none', async () => {
    const slot = await slotIn(5);
    const shopper = await createCheckoutShopper(server.services, slot.location);
    await expect(
      placeOrder(at(NINE_AM), shopper.id, await expressOrder(slot.location, undefined)),
    ).rejects.toMatchObject({ message: SLOT_MESSAGES.required });
    const standard = await placeOrder(at(NINE_AM), shopper.id, {
      ...(await expressOrder(slot.location, { slotId: slot.id, day: '2026-12-01' })),
      deliveryMethod: 'standard',
    });
    const lagos = await placeOrder(at(NINE_AM), shopper.id, await expressOrder('Lagos', undefined));
    const placed = await ordersOf(shopper.id);
    for (const id of [standard.orderId, lagos.orderId])
      expect(placed.find((o) => o.id === id)).toMatchObject({ deliverySlotDayId: null, holds: 'none' });
    expect(await bookedOf(slot.id, '2026-12-01')).toBe(0);
  });

  it('a slot of another location, a closed one, an unknown one, a day not offered or not a date: refused, nothing written', async () => {
    const slot = await slotIn(5);
    const other = await slotIn(5);
    const closed = await slotIn(5, { active: false });
    const shopper = await createCheckoutShopper(server.services, slot.location);
    const cases: [{ slotId: number; day: string }, string][] = [
      [{ slotId: other.id, day: '2026-12-01' }, SLOT_MESSAGES.notHere(slot.location)],
      [{ slotId: closed.id, day: '2026-12-01' }, SLOT_MESSAGES.closed],
      [{ slotId: 2_000_000_000, day: '2026-12-01' }, SLOT_MESSAGES.closed],
      [{ slotId: slot.id, day: '2026-11-30' }, SLOT_MESSAGES.closed],
      [{ slotId: slot.id, day: '2026-12-09' }, SLOT_MESSAGES.closed],
      [{ slotId: slot.id, day: '2026-11-31' }, SLOT_MESSAGES.closed],
    ];
    for (const [want, message] of cases)
      await expect(
        placeOrder(at(NINE_AM), shopper.id, await expressOrder(slot.location, want)),
      ).rejects.toMatchObject({ message });
    expect(await ordersOf(shopper.id)).toEqual([]);
  });

  it('over HTTP, a bad slot is a clear refusal, never a 500', async () => {
    const slot = await slotIn(5);
    const shopper = await createCheckoutShopper(server.services, slot.location);
    const client = await signedInClient(server, shopper.email);
    const order = await expressOrder(slot.location, { slotId: slot.id, day: '1999-01-01' });
    const refused = await client.postJson('/checkout', order);
    expect(refused.status).toBe(409);
    expect((await refused.text()).replace(/&#x27;|&#39;/g, "'")).toContain(SLOT_MESSAGES.closed);
    const junk = await client.postJson('/checkout', { ...order, deliverySlot: { slotId: 'x', day: 5 } });
    expect(junk.status).toBe(400);
    expect(await ordersOf(shopper.id)).toEqual([]);
  });
});

describe('the owner', () => {
  it('adds a slot on the Delivery Slots screen (audited); a bad one is refused with the field’s message', async () => {
    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    // Slots are set where the shop has a delivery rate (issue 48).
    await db()
      .insert(schema.deliveryRates)
      .values({ location: 'Eleme', method: 'express', baseRateKobo: 450_000 });
    const bad = await client.postForm('/admin/delivery-slots', {
      intent: 'create',
      location: 'Eleme',
      start: '17:00',
      end: '14:00',
      cutoff: '12:00',
      cutoffDay: 'same',
      capacity: '8',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('The slot must end after it starts, on the same day');
    const late = await client.postForm('/admin/delivery-slots', {
      intent: 'create',
      location: 'Eleme',
      start: '09:00',
      end: '12:00',
      cutoff: '10:00',
      cutoffDay: 'same',
      capacity: '0',
    });
    expect(late.status).toBe(400);
    const eleme = () =>
      db().select().from(schema.deliverySlots).where(eq(schema.deliverySlots.location, 'Eleme'));
    expect(await eleme()).toEqual([]);

    const saved = await client.postForm('/admin/delivery-slots', {
      intent: 'create',
      location: 'Eleme',
      start: '14:00',
      end: '17:30',
      cutoff: '12:00',
      cutoffDay: 'same',
      capacity: '8',
    });
    expect([200, 302, 303]).toContain(saved.status);
    const [created] = await eleme();
    expect(created).toMatchObject({
      startMinute: 840,
      endMinute: 1050,
      cutoffMinute: 720,
      capacity: 8,
      active: true,
    });
    const page = await client.get('/admin/delivery-slots');
    const html = await page.text();
    expect(html).toContain('Eleme');
    expect(html).toContain('2–5:30 pm');
    expect(html).toContain('12 pm the same day');

    const close = await client.postForm('/admin/delivery-slots', {
      intent: 'close',
      slotId: String(created!.id),
    });
    expect([200, 302, 303]).toContain(close.status);
    expect((await offerSlots(db(), NINE_AM)).some((s) => s.slotId === created!.id)).toBe(false);
    const audit = await db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(
          eq(schema.adminActivity.kind, 'delivery_slot'),
          eq(schema.adminActivity.subjectId, String(created!.id)),
        ),
      );
    expect(audit.map((a) => a.action).sort()).toEqual(['created', 'updated']);
  });

  it('prints a slot’s dispatch sheet: the paid stops, their addresses, phones, items, weights and totals; the orders list filters by slot', async () => {
    const slot = await slotIn(5);
    const day = '2026-12-02';
    const want = { slotId: slot.id, day };
    const a = await createCheckoutShopper(server.services, slot.location);
    const b = await createCheckoutShopper(server.services, slot.location);
    const c = await createCheckoutShopper(server.services, slot.location);
    await db()
      .update(schema.user)
      .set({ name: 'Ada Rider-Stop', address: '4 Woji Road, GRA', phone: '0803 111 2222' })
      .where(eq(schema.user.id, a.id));
    await db()
      .update(schema.user)
      .set({ name: 'Bayo Second', address: '9 Peter Odili Road', phone: '0805 333 4444' })
      .where(eq(schema.user.id, b.id));
    const first = await placeOrder(at(NINE_AM), a.id, {
      ...(await expressOrder(slot.location, want)),
      items: [
        { productId: (await productNamed(db(), 'Smoked Catfish')).id, quantity: 2 },
        { productId: (await productNamed(db(), 'Croaker Fish (Fresh)')).id, quantity: 1 },
      ],
    });
    const second = await placeOrder(at(NINE_AM), b.id, await expressOrder(slot.location, want));
    const unpaid = await placeOrder(at(NINE_AM), c.id, await expressOrder(slot.location, want));
    await pay(first.reference);
    await pay(second.reference);
    const [dayRow] = await db()
      .select()
      .from(schema.deliverySlotDays)
      .where(and(eq(schema.deliverySlotDays.slotId, slot.id), eq(schema.deliverySlotDays.day, day)));

    const admin = await createUser(server.services, { role: 'admin' });
    const client = await signedInClient(server, admin.email);
    const sheet = await client.get(`/admin/dispatch?day=${dayRow!.id}`);
    expect(sheet.status).toBe(200);
    const html = (await sheet.text()).replace(/<!-- -->/g, '');
    expect(html).toContain('Dispatch sheet');
    expect(html).toContain(`${slot.location} · Wed 2 Dec, 2–5 pm`);
    for (const text of [
      'Ada Rider-Stop',
      '4 Woji Road, GRA',
      '0803 111 2222',
      'Bayo Second',
      '9 Peter Odili Road',
    ])
      expect(html).toContain(text);
    expect(html).toContain('Smoked Catfish');
    expect(html).toContain('Croaker Fish (Fresh)');
    expect(html).toContain('2 stops');
    expect(html).toContain('3 of 5 places booked (1 awaiting payment, not on this sheet)');
    expect(html.indexOf('Ada Rider-Stop')).toBeLessThan(html.indexOf('Bayo Second'));
    const [orderOfC] = await ordersOf(c.id);
    expect(html).not.toContain(orderOfC!.id.slice(0, 8));

    const listed = await client.get(`/admin/orders?slot=${dayRow!.id}`);
    const list = await listed.text();
    expect(list).toContain('Ada Rider-Stop');
    expect(list).toContain('Bayo Second');
    expect(list).toContain('3 orders');
    expect(unpaid.orderId).toBe(orderOfC!.id);

    const missing = await client.get('/admin/dispatch?day=999999');
    expect(missing.status).toBe(404);
    // No day (or one that is not a number): the list of booked slot days, linked to their sheets.
    const index = await client.get('/admin/dispatch?day=abc');
    expect(index.status).toBe(200);
    expect(await index.text()).toContain(`/admin/dispatch?day=${dayRow!.id}`);

    // The buyer's receipt and order page say when it comes.
    await server.jobsDone();
    const receipt = server.mailer.sent.find((m) => m.to === a.email && m.subject.includes('is confirmed'));
    expect(receipt?.text).toContain('Express Delivery, ' + slot.location + ', Wed 2 Dec, 2–5 pm');
    const buyer = await signedInClient(server, a.email);
    const own = await (await buyer.get(`/account/orders/${first.orderId}`)).text();
    expect(own.replace(/<!-- -->/g, '')).toContain('Wed 2 Dec, 2–5 pm');
  });
});
