import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#core/calendar';
import { sendFarmReminders } from '#core/farm/remind';
import { rationsToday } from '#core/farm/views';
import { chooseContact, contactChoice } from '#core/messages/consent';
import { FARM_CONTACT_NEEDS_PHONE } from '#core/messages/contact';
import { deliverMessage } from '#core/messages/deliver';
import { TransportError, type OutgoingMessage } from '#core/messages/transport';
import { PHONE_MESSAGE } from '#core/phone-display';
import * as schema from '#db/schema';
import { createUser, signedInClient } from '../support/factories';
import { stockedPond } from '../support/farm';
import { noJob, transportCounting } from '../support/messages';
import type { HttpClient } from '../support/http-client';
import { locationOf } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

/*
 * Farm reminders (issue 50 §7): only with the owner's consent for the farm topic, through the messages
 * module (written to the outbox without WHATSAPP_*), at most one of a kind per farm per day, none in
 * quiet hours, to the number the owner gave. The rules' own cases are tests/unit/farm-reminders.test.ts.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-farm-reminders-'));
const outbox = path.join(dataDir, 'outbox', 'messages');
let server: TestServer;
const today = shopDay(new Date());
/** Lagos times today (UTC+01:00). */
const at = (time: string, day = today) => new Date(`${day}T${time}:00+01:00`);

let owner: HttpClient;
let ownerId: string;
let farmId: number;
let pondId: number;

beforeAll(async () => {
  server = await startTestServer({
    env: { DATA_DIR: dataDir, PAGE_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_MAX: '100' },
  });
  const user = await createUser(server.services, { name: 'Ada Farmer' });
  ownerId = user.id;
  owner = await signedInClient(server, user.email);
  const started = await owner.postForm('/farm?index', {
    intent: 'start',
    name: 'Ada Fish Farm',
    state: 'Rivers',
    town: 'Port Harcourt',
  });
  farmId = Number(/^\/farm\/(\d+)\/ponds$/.exec(locationOf(started) ?? '')![1]);
  // Stocked 20 days ago and never weighed since: a sample is due (14 days).
  ({ pondId } = await stockedPond(db(), owner, farmId, {
    stockedOn: addDays(today, -20),
    count: 1000,
    averageG: 50,
  }));
});
afterAll(() => server.close());

const db = () => server.database.db;

function run(now: Date) {
  return sendFarmReminders({
    db: db(),
    jobs: server.services.jobs,
    publicUrl: 'https://freshcatch.ng',
    logger: server.services.logger,
    now: () => now,
  });
}

function farmMessages() {
  return db()
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.farmId, farmId))
    .orderBy(asc(schema.messages.createdAt), asc(schema.messages.kind));
}

function outboxFiles(): OutgoingMessage[] {
  let files: string[];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as OutgoingMessage);
}

async function textOf(response: Response): Promise<string> {
  return (await response.text()).replace(/&#x27;|&#39;/g, "'");
}

describe('farm reminders', () => {
  it('without consent nothing is sent, and agreeing to order updates on WhatsApp is no consent to them', async () => {
    await db().transaction((tx) =>
      chooseContact(tx, ownerId, { channel: 'whatsapp', source: 'profile', phone: '0803 555 0142' }),
    );
    expect((await contactChoice(db(), ownerId, 'farm')).channel).toBe('email');
    expect(await run(at('18:30'))).toBe(0);
    expect(await farmMessages()).toEqual([]);
  });

  it("the form refuses WhatsApp without a number and a number that is none, with the field's words, saving nothing", async () => {
    const consents = async () =>
      (await db().select().from(schema.messageConsents).where(eq(schema.messageConsents.userId, ownerId)))
        .length;
    const before = await consents();
    for (const [phone, message] of [
      ['', FARM_CONTACT_NEEDS_PHONE],
      ['call me', PHONE_MESSAGE],
    ] as const) {
      const response = await owner.postForm(`/farm/${farmId}/reminders`, { contact: 'whatsapp', phone });
      expect(response.status, phone).toBe(400);
      expect(await textOf(response)).toContain(message);
    }
    expect(await consents()).toBe(before);
  });

  it('with consent: each reminder due once a day, to the number given, written to the outbox; quiet hours send none', async () => {
    const chosen = await owner.postForm(`/farm/${farmId}/reminders`, {
      contact: 'whatsapp',
      phone: '0803 555 0177',
    });
    expect(chosen.status).toBe(200);
    const choice = await contactChoice(db(), ownerId, 'farm');
    expect(choice).toMatchObject({ channel: 'whatsapp', phone: '+2348035550177', source: 'farm' });
    const [consent] = await db()
      .select({ wording: schema.messageConsents.wording })
      .from(schema.messageConsents)
      .where(and(eq(schema.messageConsents.userId, ownerId), eq(schema.messageConsents.topic, 'farm')));
    expect(consent!.wording).toBe("Send my farms' reminders on WhatsApp to 0803 555 0177.");
    // Their order updates are untouched by it.
    expect((await contactChoice(db(), ownerId, 'orders')).phone).toBe('+2348035550142');

    // 17:30: the sample is due; the pond is not yet late (18:00).
    expect(await run(at('17:30'))).toBe(1);
    // 18:30: the pond has nothing today, and the sample was told already.
    expect(await run(at('18:30'))).toBe(1);
    // 20:30, and two runs at once: nothing more today.
    expect(await Promise.all([run(at('20:30')), run(at('20:30'))])).toEqual([0, 0]);
    // 21:30 is quiet, even on a new day's due reminders (tomorrow 06:30 too).
    expect(await run(at('21:30'))).toBe(0);
    expect(await run(at('06:30', addDays(today, 1)))).toBe(0);

    const made = await farmMessages();
    expect(made.map((m) => [m.kind, m.dedupeKey, m.channel, m.toPhone, m.orderId])).toEqual([
      ['farm_sample_due', `farm:${farmId}:farm_sample_due:${today}`, 'whatsapp', '+2348035550177', null],
      [
        'farm_pond_not_logged',
        `farm:${farmId}:farm_pond_not_logged:${today}`,
        'whatsapp',
        '+2348035550177',
        null,
      ],
    ]);
    expect(made[1]!.body).toBe(
      `Farm reminder for Ada Fish Farm: nothing is recorded today for Pond A. Log the feeding and readings here: https://freshcatch.ng/farm/${farmId}\nReply here if you have a question.`,
    );
    // Their jobs run: without WhatsApp credentials each is written to the outbox, once.
    await server.jobsDone();
    const sent = outboxFiles().filter((m) => made.some((row) => row.id === m.id));
    expect(sent.map((m) => m.to).sort()).toEqual(['+2348035550177', '+2348035550177']);
  });

  it('feed for fewer than 5 days, a harvest within 7 days and an unsafe reading: each told once, later that day', async () => {
    // The target weight is as good as reached (a sample of 60 g against a target of 70 g)...
    const [cycle] = await db()
      .select({ id: schema.farmCycles.id })
      .from(schema.farmCycles)
      .where(eq(schema.farmCycles.pondId, pondId));
    await db().update(schema.farmCycles).set({ targetG: 70 }).where(eq(schema.farmCycles.id, cycle!.id));
    // ...and today's ammonia reading is 0.8 mg/L, outside the catfish's band.
    const logged = await owner.postJson(`/api/farm/${farmId}/entries`, {
      entries: [
        { id: crypto.randomUUID(), cycleId: cycle!.id, on: today, kind: 'sample', count: 10, weightG: 600 },
        { id: crypto.randomUUID(), cycleId: cycle!.id, on: today, kind: 'water', ammoniaMgL: 0.8 },
      ],
    });
    expect(logged.status).toBe(200);
    // The feed, harvest and water reminders are due now, once each; the pond is logged, the sample fresh.
    const access = { farmId, farmName: 'Ada Fish Farm', userId: ownerId, role: 'owner' as const };
    const [ration] = await rationsToday(db(), access, today);
    // Two days of the plan's feed of the pellet size the fish eat now, in 0.5 kg bags.
    const bags = Math.max(1, Math.floor((ration!.feedG * 2) / 500));
    expect(
      (
        await owner.postForm(`/farm/${farmId}/feed`, {
          feedName: 'Test feed',
          pelletMm: String(ration!.pelletMm),
          bags: String(bags),
          bagKg: '0.5',
          pricePerBag: '1000',
          receivedOn: today,
        })
      ).status,
    ).toBe(200);
    expect(await run(at('19:00'))).toBe(3);
    expect(await run(at('19:30'))).toBe(0);
    const kinds = (await farmMessages()).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'farm_feed_low')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'farm_harvest_soon')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'farm_water_unsafe')).toHaveLength(1);
    const feed = (await farmMessages()).find((m) => m.kind === 'farm_feed_low')!;
    expect(feed.params[1]).toMatch(new RegExp(`^${ration!.pelletMm} mm \\([0-4] days\\)$`));
    expect(feed.params[2]).toBe(`https://freshcatch.ng/farm/${farmId}/feed`);
  });

  it('refused for good on WhatsApp, a reminder is followed by one SMS saying the same', async () => {
    const tomorrow = addDays(today, 1);
    // Made without their jobs, so that this test sends them.
    await sendFarmReminders({
      db: db(),
      jobs: noJob,
      publicUrl: 'https://freshcatch.ng',
      logger: server.services.logger,
      now: () => at('18:30', tomorrow),
    });
    const [late] = (await farmMessages()).filter((m) => m.dedupeKey.endsWith(`pond_not_logged:${tomorrow}`));
    const refused = transportCounting(() =>
      Promise.reject(new TransportError('Message undeliverable', '131026', 'refused')),
    );
    await deliverMessage(
      {
        ...server.services.messages,
        transports: { ...server.services.messages.transports, whatsapp: refused.t },
      },
      late!.id,
    );
    await server.jobsDone();
    const [sms] = (await farmMessages()).filter((m) => m.fallbackOf === late!.id);
    expect(sms).toMatchObject({ channel: 'sms', status: 'accepted', farmId, orderId: null });
    expect(sms!.body).toBe(
      `Ada Fish Farm: nothing logged today for Pond A. https://freshcatch.ng/farm/${farmId}`,
    );
  });

  it('turned off, nothing more is sent, though reminders are due the next day', async () => {
    const off = await owner.postForm(`/farm/${farmId}/reminders`, { contact: 'email', phone: '' });
    expect(off.status).toBe(200);
    const before = (await farmMessages()).length;
    expect(await run(at('18:30', addDays(today, 2)))).toBe(0);
    expect(await farmMessages()).toHaveLength(before);
    // The day page says they are off, with the way to turn them on.
    const page = await textOf(await owner.get(`/farm/${farmId}`));
    expect(page).toContain('Reminders on your phone are off.');
    expect(page).toContain('Turn on reminders');
  });
});
