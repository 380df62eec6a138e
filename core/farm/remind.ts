import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { farms, messageConsents, user } from '../../db/schema';
import { shopDay } from '../calendar';
import { Invalid } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { chooseContact, contactChoice, type ContactChoice } from '../messages/consent';
import { queueFarmMessage } from '../messages/queue';
import { phoneToE164 } from '../phone';
import { PHONE_MESSAGE } from '../phone-display';
import { feedStore } from './feed-store';
import { requireOwner, type FarmAccess } from './farms';
import { dueReminders, isQuietHour, type ReminderFarm, type ReminderKind } from './reminders';
import type { RemindersForm } from './schemas';
import { cycleForecast, pondsOnDay } from './views';

/** The farm-reminders queue runs this file's job, which carries nothing (core/jobs/queue.ts). */
declare module '../jobs/queue' {
  interface JobData {
    'farm-reminders': Record<string, never>;
  }
}

/**
 * The farm reminders' service (issue 50 §7): the owner's consent, and the scheduled run that reads each
 * farm's book, asks reminders.ts what is due and hands each to the messages module (WhatsApp with its
 * SMS fallback, or the outbox without credentials), once per farm, kind and day.
 */

/**
 * The reminders go to the farm's owner, for every farm they own: their choice, and the number the form
 * offers (the one chosen, else their profile's).
 */
export async function remindersChoice(
  db: Db,
  access: FarmAccess,
): Promise<{ choice: ContactChoice; phone: string | null }> {
  requireOwner(access);
  const [choice, [profile]] = await Promise.all([
    contactChoice(db, access.userId, 'farm'),
    db.select({ phone: user.phone }).from(user).where(eq(user.id, access.userId)),
  ]);
  return { choice, phone: choice.phone ?? profile?.phone ?? null };
}

/** Records the owner's choice of reminders (WhatsApp, SMS or none) and the number, as consent.ts keeps it. */
export async function chooseReminders(db: Db, access: FarmAccess, form: RemindersForm): Promise<void> {
  requireOwner(access);
  const phone = form.contact === 'email' || form.phone === '' ? null : phoneToE164(form.phone);
  if (form.contact !== 'email' && form.phone !== '' && !phone)
    throw new Invalid(PHONE_MESSAGE, { phone: [PHONE_MESSAGE] });
  await db.transaction((tx) =>
    chooseContact(tx, access.userId, { topic: 'farm', source: 'farm', channel: form.contact, phone }),
  );
}

export interface RemindDeps {
  db: Db;
  jobs: JobQueue;
  publicUrl: string;
  logger: { error(obj: object, msg?: string): void };
  now?: () => Date;
}

/** Where each reminder sends the farmer: the feed store for feed, the day's page for the rest. */
function linkOf(publicUrl: string, farmId: number, kind: ReminderKind): string {
  const base = `${publicUrl.replace(/\/$/, '')}/farm/${farmId}`;
  return kind === 'farm_feed_low' ? `${base}/feed` : base;
}

/** What reminders.ts needs to know of a farm on the day: its stocked ponds and its feed in use. */
export async function reminderFarm(db: Db, access: FarmAccess, today: string): Promise<ReminderFarm> {
  const [onDay, store] = await Promise.all([pondsOnDay(db, access, today), feedStore(db, access, today)]);
  return {
    farmId: access.farmId,
    ponds: onDay.flatMap(({ pond, found, lines }) =>
      found
        ? [
            {
              name: pond.name,
              species: found.cycle.species,
              loggedToday: lines.length > 0,
              lastSampleDay: found.facts.samples.at(-1)?.on ?? found.cycle.stockedOn,
              harvestDay: cycleForecast(found.cycle, found.facts, today)?.on ?? null,
              readingsToday: lines.filter((line) => line.kind === 'water'),
            },
          ]
        : [],
    ),
    // A size the farmer never recorded receiving is not in the feed store at all: no reminder of it.
    feedDaysLeft: store.sizes
      .filter((size) => size.receivedG > 0)
      .map((size) => ({ size: `${size.pelletMm} mm`, days: size.daysLeft })),
  };
}

/**
 * The farm-reminders job (every 30 minutes): for each owner who asked for reminders, each of their
 * farms, what is due now. Nothing in quiet hours. Returns how many messages were made; a farm whose
 * book cannot be read is logged and the others go on.
 */
export async function sendFarmReminders(deps: RemindDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  if (isQuietHour(now)) return 0;
  const today = shopDay(now);
  const choices = await deps.db
    .selectDistinctOn([messageConsents.userId], {
      userId: messageConsents.userId,
      channel: messageConsents.channel,
    })
    .from(messageConsents)
    .where(eq(messageConsents.topic, 'farm'))
    .orderBy(messageConsents.userId, desc(messageConsents.createdAt), desc(messageConsents.id));
  const owners = choices.filter((choice) => choice.channel !== 'email').map((choice) => choice.userId);
  if (owners.length === 0) return 0;
  const owned = await deps.db
    .select({ id: farms.id, name: farms.name, ownerId: farms.ownerId })
    .from(farms)
    .where(inArray(farms.ownerId, owners))
    .orderBy(asc(farms.id));
  let made = 0;
  for (const farm of owned) {
    const access: FarmAccess = { farmId: farm.id, farmName: farm.name, userId: farm.ownerId, role: 'owner' };
    try {
      const due = dueReminders(await reminderFarm(deps.db, access, today), now);
      for (const reminder of due) {
        const id = await deps.db.transaction((tx) =>
          queueFarmMessage(tx, deps.jobs, {
            farmId: farm.id,
            userId: farm.ownerId,
            kind: reminder.kind,
            params: [farm.name, reminder.detail, linkOf(deps.publicUrl, farm.id, reminder.kind)],
            dedupeKey: reminder.dedupeKey,
          }),
        );
        if (id) made++;
      }
    } catch (error) {
      deps.logger.error({ err: error, farm: farm.id }, 'could not send the farm reminders');
    }
  }
  return made;
}
