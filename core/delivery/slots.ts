import type { DeliveryMethod } from './methods';

/**
 * Delivery slots as plain rules (browser-safe): the owner's slots of a location (every day, a window,
 * a cut-off and a capacity), the concrete slots the checkout offers for the next days, and which of
 * them an order may take. All times are Africa/Lagos; a day is a Lagos calendar date ('2026-11-28').
 * The server books with these same rules (core/delivery/slot-bookings.ts).
 */

export const SHOP_TIME_ZONE = 'Africa/Lagos';

/** The methods the shop's own riders carry, so an order books a slot for them (where the location has slots). */
export const SLOT_METHODS: readonly DeliveryMethod[] = ['express'];

/** The checkout offers today's slots and those of the next this-many days. */
export const SLOT_DAYS_AHEAD = 3;

export const SLOT_MESSAGES = {
  required: 'Please choose a delivery slot.',
  full: 'That delivery slot is now full. Please choose another slot.',
  closed: 'That delivery slot is no longer offered. Please choose another slot.',
  cutOff: (cutoff: string) =>
    `Orders for that delivery slot closed at ${cutoff}. Please choose another slot.`,
  shelfLife: (lastDay: string) =>
    `Fresh fish and shellfish must reach you by ${lastDay}. Please choose an earlier delivery slot.`,
  notHere: (location: string) =>
    `That delivery slot is not one of ${location}'s. Please choose another slot.`,
} as const;
export const SLOT_REFUSED_TITLE = 'Delivery slot unavailable';

/** A slot as the owner sets it: minutes after midnight, Lagos time. */
export interface SlotRule {
  id: number;
  location: string;
  startMinute: number;
  endMinute: number;
  /** 0: the cut-off is on the slot's day; 1: on the day before. */
  cutoffDaysBefore: number;
  cutoffMinute: number;
  capacity: number;
  active: boolean;
}

/** One slot on one day, as the checkout offers it. */
export interface OfferedSlot {
  slotId: number;
  location: string;
  day: string;
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  capacity: number;
  booked: number;
  full: boolean;
}

const lagosParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Lagos calendar date and minute of the day of an instant. */
export function lagosClock(instant: Date): { day: string; minute: number } {
  const parts = Object.fromEntries(lagosParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

export function lagosDay(instant: Date): string {
  return lagosClock(instant).day;
}

function utcOfDay(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(utcOfDay(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcOfDay(to) - utcOfDay(from)) / 86_400_000);
}

/** The instant of a Lagos wall-clock time: `minute` after midnight of `day`. */
export function lagosInstant(day: string, minute: number): Date {
  const guess = utcOfDay(day) + minute * 60_000;
  const seen = lagosClock(new Date(guess));
  const offset = (utcOfDay(seen.day) + seen.minute * 60_000 - guess) / 60_000;
  return new Date(guess - offset * 60_000);
}

/** When orders for the slot on `day` close. */
export function cutoffOf(slot: Pick<SlotRule, 'cutoffDaysBefore' | 'cutoffMinute'>, day: string): Date {
  return lagosInstant(addDays(day, -slot.cutoffDaysBefore), slot.cutoffMinute);
}

export function windowOf(slot: Pick<SlotRule, 'startMinute' | 'endMinute'>, day: string) {
  return { startsAt: lagosInstant(day, slot.startMinute), endsAt: lagosInstant(day, slot.endMinute) };
}

const sameLocation = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether an order by this method to this location books a slot: the riders' methods, where slots are set. */
export function needsSlot(method: DeliveryMethod, location: string, slots: readonly { location: string }[]) {
  return SLOT_METHODS.includes(method) && slots.some((s) => sameLocation(s.location, location));
}

/**
 * The slots offered from `now`: every open slot rule on each day from today to SLOT_DAYS_AHEAD days on,
 * whose cut-off has not passed, with what is booked (`booked` by `${slotId}:${day}`), soonest first.
 */
export function offeredSlots(
  rules: readonly SlotRule[],
  booked: ReadonlyMap<string, number>,
  now: Date,
): OfferedSlot[] {
  const today = lagosDay(now);
  const offered: OfferedSlot[] = [];
  for (let ahead = 0; ahead <= SLOT_DAYS_AHEAD; ahead++) {
    const day = addDays(today, ahead);
    for (const rule of rules) {
      if (!rule.active) continue;
      const cutoffAt = cutoffOf(rule, day);
      if (cutoffAt.getTime() <= now.getTime()) continue;
      const { startsAt, endsAt } = windowOf(rule, day);
      const taken = booked.get(`${rule.id}:${day}`) ?? 0;
      offered.push({
        slotId: rule.id,
        location: rule.location,
        day,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        cutoffAt: cutoffAt.toISOString(),
        capacity: rule.capacity,
        booked: taken,
        full: taken >= rule.capacity,
      });
    }
  }
  return offered.sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.slotId - b.slotId);
}

/** The offered slots of one location. */
export function slotsOfLocation<T extends { location: string }>(slots: readonly T[], location: string): T[] {
  return slots.filter((s) => sameLocation(s.location, location));
}

/**
 * The last day an order that keeps `shelfLife` days (core/delivery/shelf-life.ts `orderShelfLife`) may
 * be delivered, placed on `today`; null when nothing in it spoils (any day offered will do).
 */
export function lastDeliveryDay(shelfLife: number | null, today: string): string | null {
  return shelfLife === null ? null : addDays(today, shelfLife);
}

/** The last day fresh goods of an order placed `today` can be delivered, in words: "today", "tomorrow". */
export function shelfLifeWords(shelfLife: number | null, today: string): string {
  const last = lastDeliveryDay(shelfLife, today) ?? today;
  const name = dayName(last, today);
  return name === 'Today' || name === 'Tomorrow' ? name.toLowerCase() : name;
}

/** Whether a slot on `day` is within the shelf life of an order placed on `today`. */
export function withinShelfLife(shelfLife: number | null, day: string, today: string): boolean {
  const last = lastDeliveryDay(shelfLife, today);
  return last === null || day <= last;
}

/** "2 pm", "9:30 am", "12 pm" (noon), "12 am" (midnight). */
export function formatMinute(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  const hours = Math.floor(m / 60);
  const mins = m % 60;
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}${mins ? `:${String(mins).padStart(2, '0')}` : ''} ${hours < 12 ? 'am' : 'pm'}`;
}

/** "2–5 pm", "9 am–12 pm", "11:30 am–1 pm". */
export function formatWindow(startMinute: number, endMinute: number): string {
  const start = formatMinute(startMinute);
  const end = formatMinute(endMinute);
  const [startTime, startHalf] = start.split(' ');
  const [, endHalf] = end.split(' ');
  return startHalf === endHalf ? `${startTime}–${end}` : `${start}–${end}`;
}

const weekdayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** "Today", "Tomorrow", or "Mon 30 Nov" for a day seen from `today`. */
export function dayName(day: string, today: string): string {
  const ahead = daysBetween(today, day);
  if (ahead === 0) return 'Today';
  if (ahead === 1) return 'Tomorrow';
  return weekdayFormat.format(new Date(utcOfDay(day))).replace(',', '');
}

/** A day by its date alone: "Sat 28 Nov". */
export function dayDate(day: string): string {
  return weekdayFormat.format(new Date(utcOfDay(day))).replace(',', '');
}

/** "Today 2–5 pm", "Tomorrow 9 am–12 pm", "Mon 30 Nov, 9 am–12 pm" for a booked window. */
export function slotLabel(startsAt: Date | string, endsAt: Date | string, now: Date): string {
  const start = lagosClock(new Date(startsAt));
  const end = lagosClock(new Date(endsAt));
  const endMinute = end.day === start.day ? end.minute : 1440;
  const name = dayName(start.day, lagosDay(now));
  const window = formatWindow(start.minute, endMinute);
  return name === 'Today' || name === 'Tomorrow' ? `${name} ${window}` : `${name}, ${window}`;
}

/** A booked window by its date, however long ago: "Sat 28 Nov, 2–5 pm". */
export function slotDateLabel(startsAt: Date | string, endsAt: Date | string): string {
  const start = lagosClock(new Date(startsAt));
  const end = lagosClock(new Date(endsAt));
  const endMinute = end.day === start.day ? end.minute : 1440;
  return `${dayDate(start.day)}, ${formatWindow(start.minute, endMinute)}`;
}

/** "12 pm the same day", "6 pm the day before": a slot rule's cut-off in the owner's words. */
export function cutoffRuleLabel(slot: Pick<SlotRule, 'cutoffDaysBefore' | 'cutoffMinute'>): string {
  return `${formatMinute(slot.cutoffMinute)} ${slot.cutoffDaysBefore === 1 ? 'the day before' : 'the same day'}`;
}

/** "Order by 12 pm today", "Order by 6 pm today" (a cut-off the day before is today for tomorrow's slot). */
export function cutoffNote(cutoffAt: Date | string, now: Date): string {
  const at = lagosClock(new Date(cutoffAt));
  const name = dayName(at.day, lagosDay(now));
  return `Order by ${formatMinute(at.minute)} ${name === 'Today' || name === 'Tomorrow' ? name.toLowerCase() : name}`;
}

/** "HH:MM" (a time field) as minutes after midnight, or null. */
export function parseClock(text: string): number | null {
  const match = /^([01]?\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute > 1440 ? null : minute;
}

/** Minutes after midnight as "HH:MM" for a time field. */
export function clockOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
