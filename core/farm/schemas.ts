import * as z from 'zod/mini';
import { isCalendarDate } from '../calendar';
import { rowId } from '../ids';
import { parseNaira } from '../money';
import { POND_KINDS, SPECIES } from './species';
import { NIGERIAN_STATES } from './places';
import { CONTACT_CHANNELS } from '../../db/schema/enums';

/*
 * The farm book's forms (issue 50), each checked in the browser and again by the action (STYLE §2).
 * Every bound is what a real pond can hold or a real farmer can type: past it, the field's message.
 */

/** More fish than any one pond or tank a Nigerian farm runs holds: a slip of the finger, not a count. */
export const MAX_FISH = 2_000_000;
/** Heavier than any catfish or tilapia a farm raises. */
export const MAX_AVERAGE_G = 5000;
/** A ration or harvest past 100 tonnes in one line is a typo. */
export const MAX_GRAMS = 100_000_000;
/** ₦1,000,000,000 for one stocking or one line is a typo. */
const MAX_COST_KOBO = 1_000_000_000 * 100;

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long`));

const optionalText = (label: string, max: number) =>
  z
    .pipe(
      z.optional(z.string()),
      z.transform((value) => value?.trim() ?? ''),
    )
    .check(z.maxLength(max, `${label} is too long`));

/** A number typed in a form ("1,200", "2.5"), within [min, max], or the field's message. */
function decimal(message: string, min: number, max: number) {
  return z.pipe(
    z.string(message).check(z.trim(), z.minLength(1, message)),
    z.transform((typed, ctx) => {
      const value = Number(typed.replace(/,/g, ''));
      if (!Number.isFinite(value) || value < min || value > max) {
        ctx.issues.push({ code: 'custom', message, input: typed });
        return z.NEVER;
      }
      return value;
    }),
  );
}

/** The same, or null when left empty. */
function optionalDecimal(message: string, min: number, max: number) {
  return z.pipe(
    z.optional(z.string()),
    z.transform((typed, ctx) => {
      const plain = (typed ?? '').trim().replace(/,/g, '');
      if (plain === '') return null;
      const value = Number(plain);
      if (!Number.isFinite(value) || value < min || value > max) {
        ctx.issues.push({ code: 'custom', message, input: typed });
        return z.NEVER;
      }
      return value;
    }),
  );
}

const wholeNumber = (message: string, min: number, max: number) =>
  z.pipe(
    decimal(message, min, max),
    z.transform((value, ctx) => {
      if (!Number.isInteger(value)) {
        ctx.issues.push({ code: 'custom', message, input: String(value) });
        return z.NEVER;
      }
      return value;
    }),
  );

const day = (label: string) =>
  z.string(`${label} is required`).check(z.trim(), z.refine(isCalendarDate, `${label} must be a date`));

const naira = (message: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((typed, ctx) => {
      const plain = (typed ?? '').trim();
      if (plain === '') return 0;
      const kobo = parseNaira(plain);
      if (kobo === null || kobo > MAX_COST_KOBO) {
        ctx.issues.push({ code: 'custom', message, input: typed });
        return z.NEVER;
      }
      return kobo;
    }),
  );

export const FarmFormSchema = z.object({
  name: text('Farm name', 80),
  state: z.enum(NIGERIAN_STATES, 'Please choose the state'),
  town: text('Town', 80),
});
export type FarmForm = z.infer<typeof FarmFormSchema>;

export const POND_SIZE_MISSING = "Give the pond's size: its area and depth, or its volume";

export const PondFormSchema = z
  .object({
    name: text('Pond name', 60),
    kind: z.enum(POND_KINDS, 'Please choose what kind of pond it is'),
    areaM2: optionalDecimal('Area must be a number of m² between 0.5 and 1,000,000', 0.5, 1_000_000),
    depthM: optionalDecimal('Depth must be a number of metres between 0.1 and 10', 0.1, 10),
    volumeM3: optionalDecimal('Volume must be a number of m³ between 0.1 and 1,000,000', 0.1, 1_000_000),
  })
  .check(
    z.refine((pond) => pond.volumeM3 !== null || (pond.areaM2 !== null && pond.depthM !== null), {
      message: POND_SIZE_MISSING,
      path: ['areaM2'],
    }),
  );
export type PondForm = z.infer<typeof PondFormSchema>;

export const StockFormSchema = z.object({
  pondId: rowId,
  species: z.enum(SPECIES, 'Please choose the fish'),
  stockedOn: day('Stocking date'),
  count: wholeNumber(`Number of fish must be a whole number from 1 to 2,000,000`, 1, MAX_FISH),
  averageG: decimal(`Average weight must be a number of grams from 0.1 to 5,000`, 0.1, MAX_AVERAGE_G),
  source: optionalText('Where they came from', 120),
  cost: naira('Cost must be a number of naira'),
  targetG: z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((typed) => ((typed ?? '').trim() === '' ? '1000' : typed!)),
    ),
    wholeNumber('Target weight must be a whole number of grams from 100 to 5,000', 100, 5000),
  ),
});
export type StockForm = z.infer<typeof StockFormSchema>;

export const InviteFormSchema = z.object({
  contact: text('E-mail or phone', 120),
});

/*
 * The book's lines, as the phone sends them (JSON, possibly a day's worth queued offline) and as the
 * day page's forms post them. Each carries the id made where it was written.
 */
const entryBase = {
  id: z.uuid('Each entry needs its id'),
  cycleId: z.number().check(z.int(), z.positive()),
  on: day('The date'),
  recordedAt: z.optional(z.iso.datetime({ offset: true })),
};

const grams = (message: string, min: number) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(MAX_GRAMS, message));
const fish = (message: string) =>
  z.number(message).check(z.int(message), z.gte(1, message), z.lte(MAX_FISH, message));
const reading = (message: string, min: number, max: number) =>
  z.optional(z.nullable(z.number(message).check(z.gte(min, message), z.lte(max, message))));

export const ENTRY_MESSAGES = {
  feed: 'Feed given must be a whole number of grams, 0 or more',
  deaths: 'Deaths must be a whole number of fish, 1 or more',
  sampleCount: 'Fish weighed must be a whole number, 1 or more',
  sampleWeight: 'Their total weight must be a whole number of grams, 1 or more',
  harvestCount: 'Fish harvested must be a whole number, 1 or more',
  harvestWeight: 'Weight harvested must be a whole number of grams, 1 or more',
  temperature: 'Temperature must be between 0 and 45 °C',
  oxygen: 'Dissolved oxygen must be between 0 and 30 mg/L',
  ph: 'pH must be between 0 and 14',
  ammonia: 'Ammonia must be between 0 and 50 mg/L',
  noReading: 'Give at least one reading',
} as const;

export const EntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...entryBase,
    kind: z.literal('feeding'),
    feedG: grams(ENTRY_MESSAGES.feed, 0),
    asPlanned: z.optional(z.boolean()),
    feedName: z.optional(z.nullable(z.string().check(z.maxLength(80)))),
    pelletMm: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(20)))),
  }),
  z.strictObject({
    ...entryBase,
    kind: z.literal('deaths'),
    count: fish(ENTRY_MESSAGES.deaths),
    cause: z.optional(z.nullable(z.string().check(z.maxLength(120)))),
  }),
  z.strictObject({
    ...entryBase,
    kind: z.literal('water'),
    temperatureC: reading(ENTRY_MESSAGES.temperature, 0, 45),
    dissolvedOxygenMgL: reading(ENTRY_MESSAGES.oxygen, 0, 30),
    ph: reading(ENTRY_MESSAGES.ph, 0, 14),
    ammoniaMgL: reading(ENTRY_MESSAGES.ammonia, 0, 50),
  }),
  z.strictObject({
    ...entryBase,
    kind: z.literal('sample'),
    count: fish(ENTRY_MESSAGES.sampleCount),
    weightG: grams(ENTRY_MESSAGES.sampleWeight, 1),
  }),
  z.strictObject({
    ...entryBase,
    kind: z.literal('note'),
    note: z.string('Write the note').check(z.trim(), z.minLength(1, 'Write the note'), z.maxLength(1000)),
  }),
  z.strictObject({
    ...entryBase,
    kind: z.literal('harvest'),
    count: fish(ENTRY_MESSAGES.harvestCount),
    weightG: grams(ENTRY_MESSAGES.harvestWeight, 1),
    final: z.optional(z.boolean()),
  }),
]);
export type EntryInput = z.infer<typeof EntrySchema>;

/** What the phone sends at once: a day of many ponds, or days queued offline. */
export const MAX_ENTRIES_PER_SEND = 500;
export const EntriesBodySchema = z.strictObject({
  entries: z.array(EntrySchema).check(z.minLength(1), z.maxLength(MAX_ENTRIES_PER_SEND)),
});

/*
 * The day page's and the cycle page's forms (they work before the page's scripts, and without them):
 * each posts one line with the id the page made for it, so a double tap or a re-post saves it once.
 * They give the same line the phone would send (EntryInput).
 */
const formLine = {
  id: z.uuid('Each entry needs its id'),
  cycleId: rowId,
  on: day('The date'),
};

/** Kilograms typed ("3.6", "12") as whole grams, within 0..max kg. */
const kgAsGrams = (message: string, minGrams: number) =>
  z.pipe(
    decimal(message, minGrams / 1000, MAX_GRAMS / 1000),
    z.transform((kg) => Math.round(kg * 1000)),
  );

export const DAY_FORM_MESSAGES = {
  feedKg: 'Feed given must be a number of kg, 0 or more',
  sampleKg: 'Their total weight must be a number of kg above 0',
  harvestKg: 'Weight harvested must be a number of kg above 0',
} as const;

export const LineFormSchema = z.pipe(
  z.discriminatedUnion('intent', [
    z.object({
      intent: z.literal('fed-as-planned'),
      ...formLine,
      feedG: wholeNumber(ENTRY_MESSAGES.feed, 0, MAX_GRAMS),
      pelletMm: optionalDecimal('Pellet size must be a number of mm', 0, 20),
    }),
    z.object({
      intent: z.literal('feeding'),
      ...formLine,
      feedKg: kgAsGrams(DAY_FORM_MESSAGES.feedKg, 0),
      feedName: optionalText('Feed', 80),
      pelletMm: optionalDecimal('Pellet size must be a number of mm', 0, 20),
    }),
    z.object({
      intent: z.literal('deaths'),
      ...formLine,
      count: wholeNumber(ENTRY_MESSAGES.deaths, 1, MAX_FISH),
      cause: optionalText('Cause', 120),
    }),
    z.object({
      intent: z.literal('water'),
      ...formLine,
      temperatureC: optionalDecimal(ENTRY_MESSAGES.temperature, 0, 45),
      dissolvedOxygenMgL: optionalDecimal(ENTRY_MESSAGES.oxygen, 0, 30),
      ph: optionalDecimal(ENTRY_MESSAGES.ph, 0, 14),
      ammoniaMgL: optionalDecimal(ENTRY_MESSAGES.ammonia, 0, 50),
    }),
    z.object({
      intent: z.literal('sample'),
      ...formLine,
      count: wholeNumber(ENTRY_MESSAGES.sampleCount, 1, MAX_FISH),
      weightKg: kgAsGrams(DAY_FORM_MESSAGES.sampleKg, 1),
    }),
    z.object({
      intent: z.literal('note'),
      ...formLine,
      note: text('The note', 1000),
    }),
    z.object({
      intent: z.literal('harvest'),
      ...formLine,
      count: wholeNumber(ENTRY_MESSAGES.harvestCount, 1, MAX_FISH),
      weightKg: kgAsGrams(DAY_FORM_MESSAGES.harvestKg, 1),
      final: z.optional(z.string()),
    }),
  ]),
  z.transform((form): EntryInput => {
    const { id, cycleId, on } = form;
    switch (form.intent) {
      case 'fed-as-planned':
        return {
          id,
          cycleId,
          on,
          kind: 'feeding',
          feedG: form.feedG,
          asPlanned: true,
          pelletMm: form.pelletMm,
        };
      case 'feeding':
        return {
          id,
          cycleId,
          on,
          kind: 'feeding',
          feedG: form.feedKg,
          asPlanned: false,
          feedName: form.feedName || null,
          pelletMm: form.pelletMm,
        };
      case 'deaths':
        return { id, cycleId, on, kind: 'deaths', count: form.count, cause: form.cause || null };
      case 'water':
        return {
          id,
          cycleId,
          on,
          kind: 'water',
          temperatureC: form.temperatureC,
          dissolvedOxygenMgL: form.dissolvedOxygenMgL,
          ph: form.ph,
          ammoniaMgL: form.ammoniaMgL,
        };
      case 'sample':
        return { id, cycleId, on, kind: 'sample', count: form.count, weightG: form.weightKg };
      case 'note':
        return { id, cycleId, on, kind: 'note', note: form.note };
      case 'harvest':
        return {
          id,
          cycleId,
          on,
          kind: 'harvest',
          count: form.count,
          weightG: form.weightKg,
          final: form.final === 'on',
        };
    }
  }),
);

/** Moving or grading fish into another pond (the owner's form on the cycle page). */
export const MoveFormSchema = z.object({
  id: z.uuid('Each entry needs its id'),
  cycleId: rowId,
  on: day('The date'),
  toPondId: rowId,
  count: wholeNumber('Fish moved must be a whole number, 1 or more', 1, MAX_FISH),
  weightG: z.pipe(
    optionalDecimal('Their weight must be a number of kg above 0', 0.001, MAX_GRAMS / 1000),
    z.transform((kg) => (kg === null ? null : Math.round(kg * 1000))),
  ),
});
export type MoveForm = z.infer<typeof MoveFormSchema>;

/** The owner's own feeding rate for a cycle, instead of the table's (empty: the table's again). */
export const RateFormSchema = z.object({
  cycleId: rowId,
  ratePercent: optionalDecimal('The rate must be a % of body weight a day, between 0.1 and 15', 0.1, 15),
});

/** Feed received (the owner's feed store form). */
export const FeedFormSchema = z.object({
  feedName: text('Feed', 80),
  pelletMm: decimal('Pellet size must be a number of mm between 0.1 and 20', 0.1, 20),
  bags: wholeNumber('Bags must be a whole number from 1 to 10,000', 1, 10_000),
  bagKg: decimal('A bag must weigh between 0.5 and 100 kg', 0.5, 100),
  pricePerBag: naira('Price per bag must be a number of naira'),
  receivedOn: day('Date received'),
});
export type FeedForm = z.infer<typeof FeedFormSchema>;

/** A correction of a line: a feeding's kg or a count of deaths (the cycle page's "Correct"), in grams or fish. */
export const CorrectionFormSchema = z.pipe(
  z.discriminatedUnion('kind', [
    z.object({
      id: z.uuid('Each entry needs its id'),
      kind: z.literal('feeding'),
      value: kgAsGrams(DAY_FORM_MESSAGES.feedKg, 0),
    }),
    z.object({
      id: z.uuid('Each entry needs its id'),
      kind: z.literal('deaths'),
      value: wholeNumber(ENTRY_MESSAGES.deaths, 1, MAX_FISH),
    }),
  ]),
  z.transform(({ id, value }) => ({ id, value })),
);

/** The owner's choice of reminders (issue 50 §7): WhatsApp, SMS or none, and the number they go to. */
export const RemindersFormSchema = z.object({
  contact: z.enum(CONTACT_CHANNELS, 'Choose how the reminders should reach you'),
  phone: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value?.trim() ?? ''),
  ),
});
export type RemindersForm = z.infer<typeof RemindersFormSchema>;
