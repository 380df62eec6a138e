import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelUnpaidOrder } from '#core/checkout/cancel';
import type { CheckoutDeps } from '#core/checkout/deps';
import { placeOrder } from '#core/checkout/place';
import { settlePayment } from '#core/checkout/settle';
import { DELIVERY_SLOT_IN_USE } from '#core/delivery/slot-bookings';
import { ratedPlaces } from '#core/delivery/management';
import { PLACE_NOT_LISTED, PLACE_NOT_ON_LIST_MARK, SLOT_PLACE_NOT_RATED } from '#core/delivery/places';
import { lagosInstant } from '#core/delivery/slots';
import { decideDemoPayment } from '#core/payments/demo';
import * as schema from '#db/schema';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/constants';
import {
  checkoutKey,
  createCheckoutShopper,
  createUser,
  productNamed,
  signedInClient,
} from '../support/factories';
import type { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 48 item 2, "Places are typed by hand": a profile's location, checkout's delivery location and the
// owner's slots are places of the list the shop delivers to, in its spelling ("  port harcourt " is Port
// Harcourt); a town off the list is kept as typed (default fees, no slots), never refused; a slot no
// order holds can be deleted.
let server: TestServer;
let admin: HttpClient;
beforeAll(async () => {
  server = await startTestServer({ env: { LOGIN_RATE_LIMIT_MAX: '200', PAGE_CACHE_SECONDS: '0' } });
  admin = await signedInClient(server, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => server.close());

const db = () => server.database.db;
/** 09:00 in Lagos on Tuesday 1 December 2026. */
const NINE_AM = lagosInstant('2026-12-01', 9 * 60);
const at = (now: Date): CheckoutDeps => ({ ...server.services.checkout, now: () => now });
const locationOf = async (userId: string) =>
  (await db().select().from(schema.user).where(eq(schema.user.id, userId)))[0]!.location;

describe('the profile’s location', () => {
  const profileForm = (fields: Record<string, string>) => ({
    intent: 'profile',
    fullName: 'Chidi Okafor',
    phone: '0803 555 0101',
    address: '12 Aba Road',
    ...fields,
  });

  it('a listed place, chosen or typed, is saved in the list’s spelling; a town off it as typed; a blank as none', async () => {
    const shopper = await createUser(server.services);
    const client = await signedInClient(server, shopper.email);
    const save = async (fields: Record<string, string>) => {
      const response = await client.postForm('/account?tab=profile', profileForm(fields));
      expect(response.status).toBe(200);
      return locationOf(shopper.id);
    };
    expect(await save({ location: 'Lagos' })).toBe('Lagos');
    expect(await save({ location: PLACE_NOT_LISTED, locationTyped: '  port harcourt ' })).toBe(
      'Port Harcourt',
    );
    expect(await save({ location: 'ABUJA  ' })).toBe('Abuja');
    expect(await save({ location: PLACE_NOT_LISTED, locationTyped: 'PH' })).toBe('PH');
    expect(await save({ location: PLACE_NOT_LISTED, locationTyped: ' Port Harcort ' })).toBe('Port Harcort');
    // The town field is read only beside "My town is not listed".
    expect(await save({ location: 'Lagos', locationTyped: 'Eket' })).toBe('Lagos');
    expect(await save({ location: PLACE_NOT_LISTED, locationTyped: '   ' })).toBeNull();
    expect(await save({ location: '' })).toBeNull();
  });

  it('the owner sees a profile’s place that is not on the delivery list marked so', async () => {
    const shopper = await createCheckoutShopper(server.services, 'PH');
    const html = await (await admin.get(`/admin/users?user=${shopper.id}`)).text();
    expect(html).toContain(`PH<span class="text-amber-800"> (<!-- -->${PLACE_NOT_ON_LIST_MARK}<!-- -->)`);
    const listed = await createCheckoutShopper(server.services, 'Lagos');
    const other = await (await admin.get(`/admin/users?q=${encodeURIComponent(listed.email)}`)).text();
    expect(other).not.toContain(PLACE_NOT_ON_LIST_MARK);
  });
});

describe('checkout’s delivery location', () => {
  async function order(location: string, method: 'standard' | 'express', slot?: number) {
    const shopper = await createCheckoutShopper(server.services, location);
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const placed = await placeOrder(at(NINE_AM), shopper.id, {
      idempotencyKey: checkoutKey(),
      items: [{ productId: catfish.id, quantity: 1 }],
      deliveryMethod: method,
      deliveryLocation: location,
      ...(slot ? { deliverySlot: { slotId: slot, day: '2026-12-01' } } : {}),
    });
    const [row] = await db().select().from(schema.orders).where(eq(schema.orders.id, placed.orderId));
    return row!;
  }

  it('a listed place typed loosely is placed in its spelling, at its rate and in its slot', async () => {
    const [slot] = await db()
      .select()
      .from(schema.deliverySlots)
      .where(
        and(eq(schema.deliverySlots.location, 'Port Harcourt'), eq(schema.deliverySlots.startMinute, 840)),
      );
    const placed = await order('  port   harcourt ', 'express', slot!.id);
    expect(placed.deliveryLocation).toBe('Port Harcourt');
    expect(placed.deliverySlotDayId).not.toBeNull();
    expect(placed.deliveryFeeKobo).toBe(400_000);
    expect((await order('LAGOS', 'standard')).deliveryLocation).toBe('Lagos');
  });

  it('a town off the list is not refused: kept as typed, at the default fee, with no slot', async () => {
    const placed = await order(' PH ', 'express');
    expect(placed).toMatchObject({
      deliveryLocation: 'PH',
      deliverySlotDayId: null,
      deliveryFeeKobo: 400_000,
    });
  });
});

describe('the owner’s places', () => {
  const slotForm = (fields: Record<string, string>) => ({
    intent: 'create',
    start: '09:00',
    end: '11:00',
    cutoff: '08:00',
    cutoffDay: 'same',
    capacity: '4',
    ...fields,
  });

  it('a rate’s location typed loosely joins the place already listed; a new place is kept, tidied', async () => {
    const rate = (fields: Record<string, string>) =>
      admin.postForm('/admin/delivery-rates?edit=new', { intent: 'create', baseRate: '3000', ...fields });
    expect((await rate({ location: '  Bori   Town ', method: 'standard' })).status).toBe(302);
    expect((await rate({ location: 'bori town', method: 'express' })).status).toBe(302);
    expect(
      (await rate({ location: 'abuja ', method: 'pickup', pickupLocations: 'Wuse Market' })).status,
    ).toBe(409);
    const bori = await db()
      .select()
      .from(schema.deliveryRates)
      .where(eq(schema.deliveryRates.location, 'Bori Town'));
    expect(bori.map((r) => r.method).sort()).toEqual(['express', 'standard']);
  });

  it('a slot is set only where a delivery rate exists, in the rate’s spelling', async () => {
    const refused = await admin.postForm('/admin/delivery-slots', slotForm({ location: 'Eleme' }));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(SLOT_PLACE_NOT_RATED);
    const typo = await admin.postForm('/admin/delivery-slots', slotForm({ location: 'Port Harcort' }));
    expect(typo.status).toBe(400);
    const none = await db().select().from(schema.deliverySlots).where(eq(schema.deliverySlots.capacity, 4));
    expect(none).toEqual([]);

    const saved = await admin.postForm('/admin/delivery-slots', slotForm({ location: ' lagos ' }));
    expect(saved.status).toBe(302);
    const [created] = await db()
      .select()
      .from(schema.deliverySlots)
      .where(eq(schema.deliverySlots.capacity, 4));
    expect(created!.location).toBe('Lagos');
    // Editing keeps to the list too.
    const edit = await admin.postForm(
      '/admin/delivery-slots',
      slotForm({ intent: 'update', slotId: String(created!.id), location: 'PH' }),
    );
    expect(edit.status).toBe(400);
    expect(await edit.text()).toContain(SLOT_PLACE_NOT_RATED);
  });

  it('a slot saved off the list is marked on the screen; the slot form offers only the rates’ locations', async () => {
    await db()
      .insert(schema.deliverySlots)
      .values({ location: 'Port Harcort', startMinute: 600, endMinute: 720, cutoffMinute: 540, capacity: 3 });
    const html = (await (await admin.get('/admin/delivery-slots')).text()).replace(/<!-- -->/g, '');
    expect(html).toContain(
      `Port Harcort <span class="block text-sm font-normal text-amber-800">(${PLACE_NOT_ON_LIST_MARK})</span>`,
    );
    // The form's choices (its dialog is drawn in the browser): the rates' locations, each once.
    const places = await ratedPlaces(db());
    expect(places).toEqual(expect.arrayContaining(['Port Harcourt', 'Lagos', 'Abuja']));
    expect(places).not.toContain('Port Harcort');
    expect(new Set(places.map((p) => p.toLowerCase())).size).toBe(places.length);
  });

  it('a slot no order holds is deleted (audited); one with an order to deliver is refused, clearly', async () => {
    const [slot] = await db()
      .insert(schema.deliverySlots)
      .values({ location: 'Lagos', startMinute: 780, endMinute: 900, cutoffMinute: 720, capacity: 5 })
      .returning();
    const shopper = await createCheckoutShopper(server.services, 'Lagos');
    const catfish = await productNamed(db(), 'Smoked Catfish');
    const book = () =>
      placeOrder(at(NINE_AM), shopper.id, {
        idempotencyKey: checkoutKey(),
        items: [{ productId: catfish.id, quantity: 1 }],
        deliveryMethod: 'express',
        deliveryLocation: 'Lagos',
        deliverySlot: { slotId: slot!.id, day: '2026-12-01' },
      });
    const remove = () =>
      admin.postForm('/admin/delivery-slots', { intent: 'delete', slotId: String(slot!.id) });
    const stillThere = async () =>
      (await db().select().from(schema.deliverySlots).where(eq(schema.deliverySlots.id, slot!.id))).length;

    // Unpaid: it holds its place.
    const unpaid = await book();
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(DELIVERY_SLOT_IN_USE);
    expect(await stillThere()).toBe(1);
    // Cancelled, it no longer does; but a paid one to deliver does.
    await cancelUnpaidOrder(server.services.checkout, shopper.id, unpaid.orderId);
    const paid = await book();
    await decideDemoPayment(db(), paid.reference, 'success');
    expect(await settlePayment(server.services.checkout, paid.reference)).toBe('paid');
    expect((await remove()).status).toBe(409);
    expect(await stillThere()).toBe(1);

    // Delivered: nothing holds it any more.
    await db().update(schema.orders).set({ status: 'delivered' }).where(eq(schema.orders.id, paid.orderId));
    const deleted = await remove();
    expect(deleted.status).toBe(302);
    expect(await stillThere()).toBe(0);
    const [kept] = await db().select().from(schema.orders).where(eq(schema.orders.id, paid.orderId));
    expect(kept).toMatchObject({ deliverySlotDayId: null });
    expect(kept!.deliverySlotStartsAt).not.toBeNull();
    const audit = await db()
      .select()
      .from(schema.adminActivity)
      .where(
        and(
          eq(schema.adminActivity.kind, 'delivery_slot'),
          eq(schema.adminActivity.subjectId, String(slot!.id)),
        ),
      );
    expect(audit.map((a) => a.action)).toEqual(['deleted']);
    expect((await remove()).status).toBe(404);
  });
});
