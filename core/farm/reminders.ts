import { addDays, daysBetween, shopDay, shopTime } from '../calendar';
import { waterWarnings, type WaterReading } from './water';
import type { Species } from './species';
import type { FarmReminderKind } from '../../db/schema/enums';

/**
 * Farm reminders (issue 50 §7): which messages are due for a farm at an instant, Africa/Lagos. Pure, so
 * the scheduled job and the tests run the same rule. Sending, consent and delivery are the messages
 * module's; this file only says what is due, under which once-a-day key.
 *
 * A water reading outside its band is reminded by the job (within its 30-minute run), not at once when
 * recorded: one path for every reminder, and quiet hours apply to it the same way.
 */
export { FARM_REMINDER_KINDS as REMINDER_KINDS } from '../../db/schema/enums';
export type ReminderKind = FarmReminderKind;

/** 18:00 Lagos: a pond without today's entry by then is reminded. */
export const NOT_LOGGED_AFTER_MINUTE = 18 * 60;
/** Quiet hours, Lagos: nothing is sent from 21:00 to 07:00; what is due waits for the next run after. */
export const QUIET_FROM_MINUTE = 21 * 60;
export const QUIET_UNTIL_MINUTE = 7 * 60;
export const SAMPLE_EVERY_DAYS = 14;
export const FEED_LOW_DAYS = 5;
export const HARVEST_WITHIN_DAYS = 7;

export interface ReminderPond {
  name: string;
  species: Species;
  /** An entry (feeding, reading, sample…) recorded for this pond on the Lagos day being checked. */
  loggedToday: boolean;
  /** The last sample's Lagos day, or the stocking day when none yet; null for an empty pond. */
  lastSampleDay: string | null;
  /** The forecast harvest day, null when there is no forecast. */
  harvestDay: string | null;
  /** Today's water readings, in the order recorded. */
  readingsToday: WaterReading[];
}

export interface ReminderFarm {
  farmId: number;
  ponds: ReminderPond[];
  /** Days of feed left per pellet size in use (null when nothing of that size is planned). */
  feedDaysLeft: { size: string; days: number | null }[];
}

export interface DueReminder {
  kind: ReminderKind;
  /**
   * Once per farm, kind and Lagos day: the messages table's unique dedupe_key, so a second run the same
   * day (or two processes at once) makes no second message.
   */
  dedupeKey: string;
  /** The message's one variable part, e.g. "Pond A, Pond B". */
  detail: string;
}

/** Minutes after Lagos midnight of `at`. */
function minuteOfDay(at: Date): number {
  const [hours, minutes] = shopTime(at).split(':').map(Number);
  return hours! * 60 + minutes!;
}

export function isQuietHour(now: Date): boolean {
  const minute = minuteOfDay(now);
  return minute >= QUIET_FROM_MINUTE || minute < QUIET_UNTIL_MINUTE;
}

export function reminderKey(farmId: number, kind: ReminderKind, day: string): string {
  return `farm:${farmId}:${kind}:${day}`;
}

const names = (ponds: ReminderPond[]) => ponds.map((p) => p.name).join(', ');

/** The reminders due now, before consent and before what was already sent today (the dedupe key). */
export function dueReminders(farm: ReminderFarm, now: Date): DueReminder[] {
  if (isQuietHour(now)) return [];
  const day = shopDay(now);
  const minute = minuteOfDay(now);
  const due: DueReminder[] = [];
  const add = (kind: ReminderKind, detail: string) =>
    due.push({ kind, dedupeKey: reminderKey(farm.farmId, kind, day), detail });
  const stocked = farm.ponds.filter((p) => p.lastSampleDay !== null);

  const notLogged = stocked.filter((p) => !p.loggedToday);
  if (minute >= NOT_LOGGED_AFTER_MINUTE && notLogged.length > 0)
    add('farm_pond_not_logged', names(notLogged));

  const sampleDue = stocked.filter((p) => daysBetween(p.lastSampleDay!, day) >= SAMPLE_EVERY_DAYS);
  if (sampleDue.length > 0) add('farm_sample_due', names(sampleDue));

  const low = farm.feedDaysLeft.filter((f) => f.days !== null && f.days < FEED_LOW_DAYS);
  if (low.length > 0) add('farm_feed_low', low.map((f) => `${f.size} (${f.days} days)`).join(', '));

  const horizon = addDays(day, HARVEST_WITHIN_DAYS);
  const harvest = stocked.filter(
    (p) => p.harvestDay !== null && p.harvestDay >= day && p.harvestDay <= horizon,
  );
  if (harvest.length > 0) add('farm_harvest_soon', names(harvest));

  const unsafe = farm.ponds.filter((p) =>
    p.readingsToday.some((r) => waterWarnings(p.species, r).length > 0),
  );
  if (unsafe.length > 0) add('farm_water_unsafe', names(unsafe));

  return due;
}
