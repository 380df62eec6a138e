import type { Species } from './species';

/**
 * The feeding tables, as data (issue 50). Each row is a day of the plan, the fish's average weight that day,
 * the day's feed as a share of the fish's weight (%BW/day) and the pellet size. A table is therefore also a
 * growth curve (weight by day), which is what the forecast follows.
 *
 * Tables are versioned and never edited in place: a cycle stores the id of the table it started on, so a
 * better table is a new entry with a new id and version, and the old one stays here for the cycles that use
 * it. `feedingTableFor` gives new cycles the highest version for their species.
 */
export interface FeedingRow {
  /** Days since the table's first row (its own start weight). */
  day: number;
  weightG: number;
  percentBwPerDay: number;
  pelletMm: number;
}

export interface FeedingTable {
  id: string;
  version: number;
  title: string;
  /** Where the figures come from, in plain words, and which of them are FreshCatch's own assumption. */
  source: string;
  species: readonly Species[];
  mealsPerDay: number;
  rows: readonly FeedingRow[];
}

const CATFISH_V1: FeedingTable = {
  id: 'catfish-v1',
  version: 1,
  title: 'Catfish on extruded feed, 26–28 °C',
  source:
    'From 10 g to 2 kg: a feed maker’s grow-out table for its extruded catfish feeds at 26–28 °C, as ' +
    'published in a secondary copy (10 g 5.62 %, 35 g 4.99 %, 90 g 4.04 %, 184 g 3.16 %, 305 g 2.37 %, ' +
    '514 g 1.70 %, 754 g 1.43 %, 1,040 g 1.24 %, 2,000 g 0.84 %, 14–59 days apart); its day 0 (10 g) is ' +
    'day 21 here. The table allows 4.5 or 6 mm pellets from 514 g: this plan keeps 4.5 mm to 514 g and ' +
    'gives 6 mm from 754 g. The fingerling start (2 g and 5 g, days 0 and 12) is FreshCatch’s assumption: ' +
    'the rates and pellets are extended from the table’s first rows, and the pace (about 7.6 % a day) ' +
    'agrees with Aller Aqua’s guidance that fry reach 20 g in 40–60 days. Two meals a day, as Nigerian ' +
    'farms usually feed.',
  species: ['african_catfish', 'hybrid_catfish'],
  mealsPerDay: 2,
  rows: [
    { day: 0, weightG: 2, percentBwPerDay: 8, pelletMm: 0.8 },
    { day: 12, weightG: 5, percentBwPerDay: 6.8, pelletMm: 1.2 },
    { day: 21, weightG: 10, percentBwPerDay: 5.62, pelletMm: 1.5 },
    { day: 35, weightG: 35, percentBwPerDay: 4.99, pelletMm: 2 },
    { day: 49, weightG: 90, percentBwPerDay: 4.04, pelletMm: 3 },
    { day: 63, weightG: 184, percentBwPerDay: 3.16, pelletMm: 4.5 },
    { day: 77, weightG: 305, percentBwPerDay: 2.37, pelletMm: 4.5 },
    { day: 98, weightG: 514, percentBwPerDay: 1.7, pelletMm: 4.5 },
    { day: 119, weightG: 754, percentBwPerDay: 1.43, pelletMm: 6 },
    { day: 140, weightG: 1040, percentBwPerDay: 1.24, pelletMm: 6 },
    { day: 199, weightG: 2000, percentBwPerDay: 0.84, pelletMm: 6 },
  ],
};

const TILAPIA_V1: FeedingTable = {
  id: 'tilapia-v1',
  version: 1,
  title: 'Nile tilapia in ponds',
  source:
    'The rates are an East African feed maker’s size bands: up to 2.5 g 9–8 %, 2.5–10 g 8–7 %, 10–25 g ' +
    '7–6 %, about 3 % for 25–230 g and 1.65–1.86 % for larger fish, read here as a line through the bands ' +
    '(3.2 % at 50 g down to 2.6 % at 230 g, 1.86 % at 350 g down to 1.65 % at 600 g). Three meals a day, ' +
    'which beat one or two for fingerlings. The day column is FreshCatch’s assumption until a published ' +
    'table replaces it: a Gompertz curve (the shape that fitted tilapia growth best in trials) from 1 g ' +
    'that reaches 480 g on day 180, as ponds stocked at 2–3 fish per m² grow 450–500 g fish. The pellet ' +
    'sizes are FreshCatch’s assumption too.',
  species: ['nile_tilapia'],
  mealsPerDay: 3,
  rows: [
    { day: 0, weightG: 1, percentBwPerDay: 9, pelletMm: 0.5 },
    { day: 10, weightG: 2.5, percentBwPerDay: 8, pelletMm: 1 },
    { day: 30, weightG: 10, percentBwPerDay: 7, pelletMm: 1.5 },
    { day: 46, weightG: 25, percentBwPerDay: 6, pelletMm: 2 },
    { day: 62, weightG: 50, percentBwPerDay: 3.2, pelletMm: 3 },
    { day: 82, weightG: 100, percentBwPerDay: 3, pelletMm: 3 },
    { day: 118, weightG: 230, percentBwPerDay: 2.6, pelletMm: 4 },
    { day: 146, weightG: 350, percentBwPerDay: 1.86, pelletMm: 4.5 },
    { day: 180, weightG: 480, percentBwPerDay: 1.75, pelletMm: 4.5 },
    { day: 220, weightG: 600, percentBwPerDay: 1.65, pelletMm: 4.5 },
  ],
};

export const FEEDING_TABLES: readonly FeedingTable[] = [CATFISH_V1, TILAPIA_V1];

/** The current version of the species' table: what a new cycle starts on. */
export function feedingTableFor(species: Species): FeedingTable {
  let best: FeedingTable | undefined;
  for (const table of FEEDING_TABLES)
    if (table.species.includes(species) && (!best || table.version > best.version)) best = table;
  if (!best) throw new Error(`no feeding table for ${species}`);
  return best;
}

/** A table by its id, so a cycle keeps the table it started on after a newer version arrives. */
export function feedingTableById(id: string): FeedingTable | undefined {
  return FEEDING_TABLES.find((table) => table.id === id);
}

/** The cycle's own table when it names one of its species, else the species' current table. */
export function tableForCycle(species: Species, tableId?: string | null): FeedingTable {
  const kept = tableId ? feedingTableById(tableId) : undefined;
  return kept && kept.species.includes(species) ? kept : feedingTableFor(species);
}
