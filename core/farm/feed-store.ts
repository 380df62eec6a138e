import { and, asc, desc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { farmEntries, farmFeedStock, products } from '../../db/schema';
import { Invalid } from '../errors';
import { daysOfFeedLeft } from './feed-rules';
import { requireOwner, type FarmAccess } from './farms';
import type { FeedForm } from './schemas';
import { dayView } from './views';

/**
 * The farm's feed store (issue 50 §6): bags received at a price, what is left of each pellet size
 * (received less the feeding lines of that size), how many days it lasts at today's plan, and the
 * shop's feed of that size to order more. A feeding line is costed at the average price paid for its
 * size (`feedPrices`), so the cycle's cost so far counts the feed as bought.
 */

export const FEED_MESSAGES = {
  future: "The date received can't be in the future",
} as const;

export async function receiveFeed(db: Db, access: FarmAccess, form: FeedForm, today: string): Promise<void> {
  requireOwner(access);
  if (form.receivedOn > today)
    throw new Invalid(FEED_MESSAGES.future, { receivedOn: [FEED_MESSAGES.future] });
  await db.insert(farmFeedStock).values({
    farmId: access.farmId,
    feedName: form.feedName,
    pelletMm: form.pelletMm,
    bags: form.bags,
    bagG: Math.round(form.bagKg * 1000),
    pricePerBagKobo: form.pricePerBag,
    receivedOn: form.receivedOn,
    recordedBy: access.userId,
  });
}

/** The average price paid per kg, by pellet size and over all feed (null: no feed entered). */
export async function feedPrices(db: Db | Tx, farmId: number) {
  const rows = await db
    .select({
      pelletMm: farmFeedStock.pelletMm,
      grams: sql<number>`sum(${farmFeedStock.bags}::bigint * ${farmFeedStock.bagG})::bigint`,
      kobo: sql<number>`sum(${farmFeedStock.bags}::bigint * ${farmFeedStock.pricePerBagKobo})::bigint`,
    })
    .from(farmFeedStock)
    .where(eq(farmFeedStock.farmId, farmId))
    .groupBy(farmFeedStock.pelletMm);
  const bySize = new Map(rows.map((row) => [row.pelletMm, perKg(Number(row.kobo), Number(row.grams))]));
  const all = rows.reduce((sum, row) => ({ g: sum.g + Number(row.grams), k: sum.k + Number(row.kobo) }), {
    g: 0,
    k: 0,
  });
  return {
    /** The price per kg for a line of this pellet size (or of no size: the average of all). */
    of: (pelletMm: number | null | undefined) =>
      (pelletMm !== null && pelletMm !== undefined ? bySize.get(pelletMm) : undefined) ?? perKg(all.k, all.g),
  };
}

function perKg(kobo: number, grams: number): number | null {
  return grams > 0 ? Math.round((kobo * 1000) / grams) : null;
}

export interface FeedSize {
  pelletMm: number;
  receivedG: number;
  usedG: number;
  leftG: number;
  needPerDayG: number;
  daysLeft: number | null;
  pricePerKgKobo: number | null;
  /** The shop's feed of this pellet size, to order more. */
  product: {
    id: number;
    name: string;
    priceKobo: number;
    imageUrl: string | null;
    weightGrams: number;
  } | null;
}

export async function feedStore(db: Db, access: FarmAccess, today: string) {
  requireOwner(access);
  const [received, used, day, receipts] = await Promise.all([
    db
      .select({
        pelletMm: farmFeedStock.pelletMm,
        grams: sql<number>`sum(${farmFeedStock.bags}::bigint * ${farmFeedStock.bagG})::bigint`,
        kobo: sql<number>`sum(${farmFeedStock.bags}::bigint * ${farmFeedStock.pricePerBagKobo})::bigint`,
      })
      .from(farmFeedStock)
      .where(eq(farmFeedStock.farmId, access.farmId))
      .groupBy(farmFeedStock.pelletMm),
    db
      .select({
        pelletMm: farmEntries.pelletMm,
        grams: sql<number>`coalesce(sum(${farmEntries.feedG}), 0)::bigint`,
      })
      .from(farmEntries)
      .where(
        and(
          eq(farmEntries.farmId, access.farmId),
          eq(farmEntries.kind, 'feeding'),
          isNotNull(farmEntries.pelletMm),
        ),
      )
      .groupBy(farmEntries.pelletMm),
    dayView(db, access, today),
    db
      .select()
      .from(farmFeedStock)
      .where(eq(farmFeedStock.farmId, access.farmId))
      .orderBy(desc(farmFeedStock.receivedOn), desc(farmFeedStock.id))
      .limit(20),
  ]);
  const need = new Map<number, number>();
  for (const pond of day.ponds)
    if (pond.ration)
      need.set(pond.ration.pelletMm, (need.get(pond.ration.pelletMm) ?? 0) + pond.ration.feedG);
  const usedBySize = new Map(used.map((row) => [row.pelletMm!, Number(row.grams)]));
  const receivedBySize = new Map(received.map((row) => [row.pelletMm, row]));
  const allSizes = [...new Set([...receivedBySize.keys(), ...need.keys()])].sort((a, b) => a - b);
  const sizes: FeedSize[] = await Promise.all(
    allSizes.map(async (pelletMm) => {
      const row = receivedBySize.get(pelletMm);
      const receivedG = row ? Number(row.grams) : 0;
      const usedG = usedBySize.get(pelletMm) ?? 0;
      const leftG = Math.max(0, receivedG - usedG);
      const needPerDayG = need.get(pelletMm) ?? 0;
      return {
        pelletMm,
        receivedG,
        usedG,
        leftG,
        needPerDayG,
        daysLeft: daysOfFeedLeft(leftG, needPerDayG),
        pricePerKgKobo: row ? perKg(Number(row.kobo), receivedG) : null,
        product: await shopFeedOfSize(db, pelletMm),
      };
    }),
  );
  return { sizes, receipts };
}

/** The shop's feed of a pellet size ("Floating Fish Feed 4 mm (15 kg)"), the cheapest per kg. */
async function shopFeedOfSize(db: Db, pelletMm: number) {
  const named = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      imageUrl: products.imageUrl,
      weightGrams: products.weightGrams,
    })
    .from(products)
    .where(and(eq(products.category, 'feeds'), ilike(products.name, `% ${pelletMm} mm%`)))
    .orderBy(asc(sql`${products.priceKobo}::float / nullif(${products.weightGrams}, 0)`), asc(products.id))
    .limit(1);
  return named[0] ?? null;
}
