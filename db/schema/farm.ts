import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { FARM_ENTRY_KINDS, FARM_SPECIES, POND_KINDS } from './enums';

/*
 * The farm book (issue 50, docs/farm.md, docs/decisions/059): a farmer's farms, their ponds, each
 * stocking of a pond (a cycle) and the book's lines. core/farm/ is the only writer of these tables.
 */

export const farmSpecies = pgEnum('farm_species', FARM_SPECIES);
export const pondKind = pgEnum('pond_kind', POND_KINDS);
export const farmEntryKind = pgEnum('farm_entry_kind', FARM_ENTRY_KINDS);

export const farms = pgTable(
  'farms',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of Nigeria's states or the FCT (core/farm/places.ts). */
    state: text('state').notNull(),
    town: text('town').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('farms_owner_idx').on(t.ownerId)],
);

/**
 * The farm's workers: invited by e-mail or phone, joined when a signed-in user with that address or
 * phone opens My farm (then `user_id` is set). A worker records the day's work and sees no money.
 */
export const farmWorkers = pgTable(
  'farm_workers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    invitedEmail: text('invited_email'),
    /** E.164 (core/phone.ts). */
    invitedPhone: text('invited_phone'),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('farm_workers_user_unique').on(t.farmId, t.userId),
    uniqueIndex('farm_workers_email_unique').on(t.farmId, t.invitedEmail),
    uniqueIndex('farm_workers_phone_unique').on(t.farmId, t.invitedPhone),
    index('farm_workers_user_idx').on(t.userId),
    check(
      'farm_workers_someone',
      sql`${t.userId} IS NOT NULL OR ${t.invitedEmail} IS NOT NULL OR ${t.invitedPhone} IS NOT NULL`,
    ),
  ],
);

export const ponds = pgTable(
  'ponds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: pondKind('kind').notNull(),
    areaM2: doublePrecision('area_m2'),
    depthM: doublePrecision('depth_m'),
    volumeM3: doublePrecision('volume_m3'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ponds_name_unique').on(t.farmId, sql`lower(${t.name})`)],
);

/** One stocking of one pond until its last harvest; at most one open per pond. */
export const farmCycles = pgTable(
  'farm_cycles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    pondId: integer('pond_id')
      .notNull()
      .references(() => ponds.id, { onDelete: 'cascade' }),
    species: farmSpecies('species').notNull(),
    stockedOn: date('stocked_on').notNull(),
    stockedCount: integer('stocked_count').notNull(),
    /** The stocked fish's average weight in milligrams (a 2.5 g fingerling is 2,500). */
    stockedAvgMg: integer('stocked_avg_mg').notNull(),
    /** Where the fish came from (a hatchery, or the pond they were moved from). */
    source: text('source').notNull().default(''),
    stockCostKobo: bigint('stock_cost_kobo', { mode: 'number' }).notNull().default(0),
    /** The weight the farmer harvests at, in grams (1 kg table size by default). */
    targetG: integer('target_g').notNull().default(1000),
    /** The farmer's own feeding rate (%BW/day) instead of the table's, or null. */
    ratePercent: doublePrecision('rate_percent'),
    /** The feeding table (id) the cycle started on: a newer table does not change an old cycle's plan. */
    feedingTable: text('feeding_table').notNull(),
    closedOn: date('closed_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('farm_cycles_one_open_per_pond')
      .on(t.pondId)
      .where(sql`${t.closedOn} IS NULL`),
    index('farm_cycles_farm_idx').on(t.farmId),
    check('farm_cycles_count_positive', sql`${t.stockedCount} > 0`),
    check('farm_cycles_weight_positive', sql`${t.stockedAvgMg} > 0`),
    check('farm_cycles_cost_not_negative', sql`${t.stockCostKobo} >= 0`),
  ],
);

/**
 * The book's lines. The id is made where the line was written (on the phone, offline), so sending it
 * again never counts it twice; two workers' lines on one pond and day both count. An edit keeps who
 * and when.
 */
export const farmEntries = pgTable(
  'farm_entries',
  {
    id: uuid('id').primaryKey(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => farmCycles.id, { onDelete: 'cascade' }),
    kind: farmEntryKind('kind').notNull(),
    /** The farm's day the line is about. */
    on: date('on').notNull(),
    /** Feeding: grams given; whether it was the plan's ration; the feed's name and pellet size. */
    feedG: integer('feed_g'),
    asPlanned: boolean('as_planned'),
    feedName: text('feed_name'),
    pelletMm: doublePrecision('pellet_mm'),
    /** Deaths, a sample's fish, a harvest's or a move's fish. */
    count: integer('count'),
    /** A sample's, a harvest's or a move's total weight in grams. */
    weightG: integer('weight_g'),
    cause: text('cause'),
    temperatureC: doublePrecision('temperature_c'),
    dissolvedOxygenMgL: doublePrecision('dissolved_oxygen_mg_l'),
    ph: doublePrecision('ph'),
    ammoniaMgL: doublePrecision('ammonia_mg_l'),
    note: text('note'),
    /** A final harvest closes the cycle. */
    final: boolean('final'),
    /** A move's other cycle (where the fish went, or came from). */
    otherCycleId: integer('other_cycle_id'),
    /** Feed's cost at the price paid; a move's share of the cycle's cost. */
    costKobo: bigint('cost_kobo', { mode: 'number' }),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** When it was written on the phone. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    editedBy: text('edited_by').references(() => user.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('farm_entries_cycle_day_idx').on(t.cycleId, t.on),
    index('farm_entries_farm_day_idx').on(t.farmId, t.on),
    check(
      'farm_entries_counts_not_negative',
      sql`coalesce(${t.count}, 0) >= 0 AND coalesce(${t.feedG}, 0) >= 0`,
    ),
  ],
);

/**
 * Feed the farm received (issue 50 §6): bags of one feed and pellet size at a price, entered by the
 * owner. What is left is worked out from the feeding lines of that pellet size, never stored.
 */
export const farmFeedStock = pgTable(
  'farm_feed_stock',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'cascade' }),
    feedName: text('feed_name').notNull(),
    pelletMm: doublePrecision('pellet_mm').notNull(),
    bags: integer('bags').notNull(),
    bagG: integer('bag_g').notNull(),
    pricePerBagKobo: bigint('price_per_bag_kobo', { mode: 'number' }).notNull(),
    receivedOn: date('received_on').notNull(),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('farm_feed_stock_farm_idx').on(t.farmId, t.pelletMm),
    check('farm_feed_stock_positive', sql`${t.bags} > 0 AND ${t.bagG} > 0 AND ${t.pricePerBagKobo} >= 0`),
  ],
);
