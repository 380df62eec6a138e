import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliverySlotDays, deliverySlots, orderItems, orders } from '../../db/schema';
import { recordAdminChange, recordRowChange } from '../audit/log';
import { Conflict, Invalid, NotFound } from '../errors';
import { lineOrigins, type LineOrigin } from '../sellers/line-origins';
import { ratedPlaces } from './management';
import { matchPlace, SLOT_PLACE_NOT_RATED } from './places';
import type { AdminActor } from '../roles';
import type { DeliverySlotFormInput } from './schemas';
import {
  addDays,
  cutoffOf,
  formatMinute,
  formatWindow,
  lagosClock,
  lagosDay,
  offeredSlots,
  SHOP_TIME_ZONE,
  SLOT_DAYS_AHEAD,
  SLOT_MESSAGES,
  SLOT_REFUSED_TITLE,
  windowOf,
  type OfferedSlot,
  type SlotRule,
} from './slots';

/**
 * The delivery slots' one writer: the owner's slots (the admin screen), and each day's bookings. An
 * order books a place when it is placed (core/checkout/place.ts) by one conditional UPDATE — never past
 * the slot's capacity, never after its cut-off, only while the slot is open — and the order lifecycle
 * gives it back or takes it again with its stock (core/orders/lifecycle.ts `moveHolds`).
 */

export const DELIVERY_SLOT_NOT_FOUND = 'This delivery slot no longer exists.';
export const DELIVERY_SLOT_IN_USE =
  'This slot cannot be deleted: orders are booked on it that have not been delivered yet. Close it instead, so it is no longer offered; delete it once they are delivered or cancelled.';

const slotRuleColumns = {
  id: deliverySlots.id,
  location: deliverySlots.location,
  startMinute: deliverySlots.startMinute,
  endMinute: deliverySlots.endMinute,
  cutoffDaysBefore: deliverySlots.cutoffDaysBefore,
  cutoffMinute: deliverySlots.cutoffMinute,
  capacity: deliverySlots.capacity,
  active: deliverySlots.active,
};

/** What is booked of each slot from `fromDay` to `toDay`, by `${slotId}:${day}`. */
async function bookedBetween(db: Db | Tx, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ slotId: deliverySlotDays.slotId, day: deliverySlotDays.day, booked: deliverySlotDays.booked })
    .from(deliverySlotDays)
    .where(and(gte(deliverySlotDays.day, fromDay), lte(deliverySlotDays.day, toDay)));
  return new Map(rows.map((r) => [`${r.slotId}:${r.day}`, r.booked]));
}

/** The open slot rules, every location's (whether a location delivers in slots). */
export async function loadSlotRules(db: Db | Tx): Promise<SlotRule[]> {
  return db.select(slotRuleColumns).from(deliverySlots).where(eq(deliverySlots.active, true));
}

/** The slots the checkout offers from `now`, every location's, with what is booked of each. */
export async function offerSlots(db: Db | Tx, now: Date): Promise<OfferedSlot[]> {
  const today = lagosDay(now);
  const [rules, booked] = await Promise.all([
    db.select(slotRuleColumns).from(deliverySlots).where(eq(deliverySlots.active, true)),
    bookedBetween(db, today, addDays(today, SLOT_DAYS_AHEAD)),
  ]);
  return offeredSlots(rules, booked, now);
}

/** The Lagos cut-off of a slot day row, in SQL, as `cutoffOf` computes it. */
const cutoffSql = sql`((${deliverySlotDays.day} - ${deliverySlots.cutoffDaysBefore}) + make_interval(mins => ${deliverySlots.cutoffMinute}))::timestamp at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}`;

export interface SlotBooking {
  dayId: number;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Books a place in the slot `slotId` on `day` for a new order, in the placing transaction: the day's
 * row is made if it is the first booking, then one conditional UPDATE takes a place only while the slot
 * is open, in the order's location, not full and before its cut-off. A refusal throws Conflict in the
 * buyer's words (nothing is written: the transaction rolls back).
 */
export async function bookSlot(
  tx: Tx,
  want: { slotId: number; day: string; location: string; now: Date },
): Promise<SlotBooking> {
  const today = lagosDay(want.now);
  if (addDays(want.day, 0) !== want.day || want.day < today || want.day > addDays(today, SLOT_DAYS_AHEAD))
    throw new Conflict(SLOT_MESSAGES.closed, SLOT_REFUSED_TITLE);
  await tx.execute(sql`insert into ${deliverySlotDays} (slot_id, day)
    select ${deliverySlots.id}, ${want.day}::date from ${deliverySlots} where ${deliverySlots.id} = ${want.slotId}
    on conflict do nothing`);
  const [booked] = await tx
    .update(deliverySlotDays)
    .set({ booked: sql`${deliverySlotDays.booked} + 1` })
    .from(deliverySlots)
    .where(
      and(
        eq(deliverySlotDays.slotId, want.slotId),
        eq(deliverySlotDays.day, want.day),
        eq(deliverySlots.id, deliverySlotDays.slotId),
        eq(deliverySlots.active, true),
        eq(sql`lower(trim(${deliverySlots.location}))`, want.location.trim().toLowerCase()),
        sql`${deliverySlotDays.booked} < ${deliverySlots.capacity}`,
        sql`${cutoffSql} > ${want.now.toISOString()}::timestamptz`,
      ),
    )
    .returning({
      dayId: deliverySlotDays.id,
      startMinute: deliverySlots.startMinute,
      endMinute: deliverySlots.endMinute,
    });
  if (booked) return { dayId: booked.dayId, ...windowOf(booked, want.day) };
  throw new Conflict(await whyRefused(tx, want), SLOT_REFUSED_TITLE);
}

/** Why a slot could not be booked (read only for the words; nothing was written). */
async function whyRefused(tx: Tx, want: { slotId: number; day: string; location: string; now: Date }) {
  const [slot] = await tx
    .select(slotRuleColumns)
    .from(deliverySlots)
    .where(eq(deliverySlots.id, want.slotId));
  if (!slot || !slot.active) return SLOT_MESSAGES.closed;
  if (slot.location.trim().toLowerCase() !== want.location.trim().toLowerCase())
    return SLOT_MESSAGES.notHere(want.location.trim());
  const cutoff = cutoffOf(slot, want.day);
  if (cutoff.getTime() <= want.now.getTime()) {
    const at = lagosClock(cutoff);
    const when = at.day === lagosDay(want.now) ? 'today' : 'yesterday';
    return SLOT_MESSAGES.cutOff(`${formatMinute(at.minute)} ${when}`);
  }
  return SLOT_MESSAGES.full;
}

/**
 * Gives an order's place back (it ended unpaid, or was refunded in full before it left the shop), or
 * takes it again for a late payment — past the capacity if need be: the money came. Returns true when
 * the slot now holds more orders than its capacity, so the shop can be told.
 */
export async function moveSlotBooking(
  tx: Tx,
  dayId: number,
  move: 'release' | 'take-again',
): Promise<boolean> {
  if (move === 'release') {
    await tx
      .update(deliverySlotDays)
      .set({ booked: sql`greatest(${deliverySlotDays.booked} - 1, 0)` })
      .where(eq(deliverySlotDays.id, dayId));
    return false;
  }
  const [taken] = await tx
    .update(deliverySlotDays)
    .set({ booked: sql`${deliverySlotDays.booked} + 1` })
    .from(deliverySlots)
    .where(and(eq(deliverySlotDays.id, dayId), eq(deliverySlots.id, deliverySlotDays.slotId)))
    .returning({ over: sql<boolean>`${deliverySlotDays.booked} > ${deliverySlots.capacity}` });
  return taken?.over ?? false;
}

/* ---------------------------------------------------------------- the owner's screen */

export interface AdminSlotDay {
  dayId: number;
  day: string;
  booked: number;
}

export type AdminDeliverySlot = SlotRule & {
  days: AdminSlotDay[];
  /** Whether the slot's location is one of the delivery rates' (a slot saved before the list was). */
  listed: boolean;
};

/**
 * Every slot, by location then start, each with its booked days from yesterday to SLOT_DAYS_AHEAD days
 * on (the dispatch sheets the owner prints).
 */
export async function listDeliverySlotsForAdmin(
  db: Db,
  _admin: AdminActor,
  now: Date,
): Promise<AdminDeliverySlot[]> {
  const today = lagosDay(now);
  const [rules, days, places] = await Promise.all([
    db
      .select(slotRuleColumns)
      .from(deliverySlots)
      .orderBy(
        asc(sql`lower(${deliverySlots.location})`),
        asc(deliverySlots.startMinute),
        asc(deliverySlots.id),
      ),
    db
      .select({
        dayId: deliverySlotDays.id,
        slotId: deliverySlotDays.slotId,
        day: deliverySlotDays.day,
        booked: deliverySlotDays.booked,
      })
      .from(deliverySlotDays)
      .where(
        and(
          gte(deliverySlotDays.day, addDays(today, -1)),
          lte(deliverySlotDays.day, addDays(today, SLOT_DAYS_AHEAD)),
        ),
      )
      .orderBy(asc(deliverySlotDays.day)),
    ratedPlaces(db),
  ]);
  return rules.map((rule) => ({
    ...rule,
    listed: matchPlace(rule.location, places).listed,
    days: days.filter((d) => d.slotId === rule.id).map(({ dayId, day, booked }) => ({ dayId, day, booked })),
  }));
}

export async function getDeliverySlotForAdmin(db: Db, _admin: AdminActor, id: number): Promise<SlotRule> {
  const [row] = await db.select(slotRuleColumns).from(deliverySlots).where(eq(deliverySlots.id, id));
  if (!row) throw new NotFound(DELIVERY_SLOT_NOT_FOUND);
  return row;
}

const labelOf = (slot: Pick<SlotRule, 'location' | 'startMinute' | 'endMinute'>) =>
  `${slot.location} — ${formatWindow(slot.startMinute, slot.endMinute)}`;

/**
 * A slot is set where a delivery rate exists: its location is one of the rates' (in the rate's
 * spelling), or the form is refused at the field.
 */
async function ratedLocation(tx: Tx, input: DeliverySlotFormInput): Promise<DeliverySlotFormInput> {
  const match = matchPlace(input.location, await ratedPlaces(tx));
  if (!match.listed) throw new Invalid(SLOT_PLACE_NOT_RATED, { location: [SLOT_PLACE_NOT_RATED] });
  return { ...input, location: match.place };
}

function columns(input: DeliverySlotFormInput) {
  return {
    location: input.location,
    startMinute: input.start,
    endMinute: input.end,
    cutoffDaysBefore: input.cutoffDay === 'before' ? 1 : 0,
    cutoffMinute: input.cutoff,
    capacity: input.capacity,
  };
}

export async function createDeliverySlot(db: Db, admin: AdminActor, typed: DeliverySlotFormInput) {
  return db.transaction(async (tx) => {
    const input = await ratedLocation(tx, typed);
    const [created] = await tx.insert(deliverySlots).values(columns(input)).returning();
    await recordRowChange(tx, admin, 'delivery_slot', labelOf, { created: created! });
    return created!;
  });
}

/** A change applies to days not yet booked full and to those booked: a smaller capacity books no more. */
export async function updateDeliverySlot(
  db: Db,
  admin: AdminActor,
  id: number,
  typed: DeliverySlotFormInput,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(deliverySlots).where(eq(deliverySlots.id, id)).for('update');
    if (!before) throw new NotFound(DELIVERY_SLOT_NOT_FOUND);
    const input = await ratedLocation(tx, typed);
    const [updated] = await tx
      .update(deliverySlots)
      .set(columns(input))
      .where(eq(deliverySlots.id, id))
      .returning();
    await recordRowChange(tx, admin, 'delivery_slot', labelOf, { before, updated: updated! });
    return updated!;
  });
}

/** Closing a slot stops offering it; its booked orders keep their places (and their dispatch sheets). */
export async function setDeliverySlotOpen(db: Db, admin: AdminActor, id: number, open: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(deliverySlots).where(eq(deliverySlots.id, id)).for('update');
    if (!before) throw new NotFound(DELIVERY_SLOT_NOT_FOUND);
    if (before.active === open) return;
    const [updated] = await tx
      .update(deliverySlots)
      .set({ active: open })
      .where(eq(deliverySlots.id, id))
      .returning();
    await recordAdminChange(tx, admin, {
      kind: 'delivery_slot',
      action: 'updated',
      subjectId: id,
      subjectLabel: labelOf(updated!),
      before: { active: before.active },
      after: { active: updated!.active },
    });
  });
}

/**
 * Deletes a slot no order holds: none booked on any of its days waits for payment or has been paid and
 * not yet delivered (nor cancelled). Its days go with it; orders that ended keep their window as booked
 * (orders.delivery_slot_starts_at/ends_at). The slot's days are locked first, so a buyer booking at the
 * same moment either is counted here or finds the slot gone.
 */
export async function deleteDeliverySlot(db: Db, admin: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [slot] = await tx.select().from(deliverySlots).where(eq(deliverySlots.id, id)).for('update');
    if (!slot) throw new NotFound(DELIVERY_SLOT_NOT_FOUND);
    await tx
      .select({ id: deliverySlotDays.id })
      .from(deliverySlotDays)
      .where(eq(deliverySlotDays.slotId, id))
      .for('update');
    const [holding] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(deliverySlotDays, eq(deliverySlotDays.id, orders.deliverySlotDayId))
      .where(
        and(
          eq(deliverySlotDays.slotId, id),
          inArray(orders.paymentStatus, ['pending', 'success']),
          notInArray(orders.status, ['cancelled', 'delivered']),
        ),
      )
      .limit(1);
    if (holding) throw new Conflict(DELIVERY_SLOT_IN_USE, 'Slot in use');
    await tx.delete(deliverySlots).where(eq(deliverySlots.id, id));
    await recordRowChange(tx, admin, 'delivery_slot', labelOf, { deleted: slot });
  });
}

/* ---------------------------------------------------------------- the orders list and the dispatch sheet */

export interface SlotDayChoice {
  dayId: number;
  location: string;
  day: string;
  startMinute: number;
  endMinute: number;
  booked: number;
}

/** The slot days that have had bookings, newest first (the admin orders list's filter). */
export async function slotDaysForFilter(db: Db, _admin: AdminActor, limit = 60): Promise<SlotDayChoice[]> {
  return db
    .select({
      dayId: deliverySlotDays.id,
      location: deliverySlots.location,
      day: deliverySlotDays.day,
      startMinute: deliverySlots.startMinute,
      endMinute: deliverySlots.endMinute,
      booked: deliverySlotDays.booked,
    })
    .from(deliverySlotDays)
    .innerJoin(deliverySlots, eq(deliverySlots.id, deliverySlotDays.slotId))
    .orderBy(desc(deliverySlotDays.day), asc(deliverySlots.startMinute), asc(deliverySlotDays.id))
    .limit(limit);
}

export interface DispatchStop {
  orderId: string;
  name: string;
  phone: string;
  address: string;
  totalKobo: number;
  weightGrams: number;
  status: string;
  /** Each line, with the farm's batch it is packed from when the buyer chose a farm. */
  items: { name: string; quantity: number; weightGrams: number; origin: LineOrigin | null }[];
}

export interface DispatchSheet {
  slot: SlotDayChoice & { capacity: number };
  stops: DispatchStop[];
  /** Orders holding a place that are not paid yet: not on the sheet, but the rider may hear of them. */
  unpaid: number;
  totals: { stops: number; items: number; weightGrams: number; totalKobo: number };
}

/**
 * A slot day's dispatch sheet: the paid orders booked into it that have not been cancelled or delivered
 * yet, in the order they were paid, with their recipients and lines, and the totals a rider carries.
 */
export async function dispatchSheet(db: Db, _admin: AdminActor, dayId: number): Promise<DispatchSheet> {
  const [slot] = await db
    .select({
      dayId: deliverySlotDays.id,
      location: deliverySlots.location,
      day: deliverySlotDays.day,
      startMinute: deliverySlots.startMinute,
      endMinute: deliverySlots.endMinute,
      booked: deliverySlotDays.booked,
      capacity: deliverySlots.capacity,
    })
    .from(deliverySlotDays)
    .innerJoin(deliverySlots, eq(deliverySlots.id, deliverySlotDays.slotId))
    .where(eq(deliverySlotDays.id, dayId));
  if (!slot) throw new NotFound(DELIVERY_SLOT_NOT_FOUND);
  const booked = await db
    .select({
      id: orders.id,
      name: orders.shippingName,
      phone: orders.shippingPhone,
      address: orders.shippingAddress,
      totalKobo: orders.totalKobo,
      weightGrams: orders.totalWeightGrams,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(eq(orders.deliverySlotDayId, dayId))
    .orderBy(asc(orders.paidAt), asc(orders.createdAt));
  const onSheet = booked.filter(
    (o) => o.paymentStatus === 'success' && o.status !== 'cancelled' && o.status !== 'delivered',
  );
  const unpaid = booked.filter((o) => o.paymentStatus === 'pending' && o.status !== 'cancelled').length;
  const lines =
    onSheet.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            name: orderItems.productName,
            quantity: orderItems.quantity,
            weightGrams: orderItems.productTotalWeightGrams,
            batchId: orderItems.batchId,
          })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              onSheet.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  const origins = await lineOrigins(
    db,
    lines.map((l) => l.batchId),
  );
  const stops: DispatchStop[] = onSheet.map((o) => ({
    orderId: o.id,
    name: o.name,
    phone: o.phone,
    address: o.address,
    totalKobo: o.totalKobo,
    weightGrams: o.weightGrams,
    status: o.status,
    items: lines
      .filter((l) => l.orderId === o.id)
      .map(({ name, quantity, weightGrams, batchId }) => ({
        name,
        quantity,
        weightGrams,
        origin: batchId === null ? null : (origins[batchId] ?? null),
      })),
  }));
  return {
    slot,
    stops,
    unpaid,
    totals: {
      stops: stops.length,
      items: stops.reduce((sum, s) => sum + s.items.reduce((n, i) => n + i.quantity, 0), 0),
      weightGrams: stops.reduce((sum, s) => sum + s.weightGrams, 0),
      totalKobo: stops.reduce((sum, s) => sum + s.totalKobo, 0),
    },
  };
}
