import { and, asc, eq, gte, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { farmEntries, farmFeedStock, farms, orderItems, orders, products } from '../../db/schema';
import { shopDay } from '../calendar';
import { Invalid } from '../errors';
import { daysOfFeedLeft } from './feed-rules';
import { requireOwner, type FarmAccess } from './farms';
import type { FeedForm } from './schemas';
import { rationsToday } from './views';

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

/** A delivery of feed into the farm's store: entered by the owner, or a delivered FreshCatch order's line. */
export interface FeedReceipt {
  key: string;
  feedName: string;
  pelletMm: number;
  bags: number;
  bagG: number;
  pricePerBagKobo: number;
  receivedOn: string;
  /** The FreshCatch order it came with, when it did. */
  orderId: string | null;
}

/** "Floating Fish Feed 4 mm (15 kg)" → 4: the pellet size a feed's name gives. */
export function pelletSizeOfName(name: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*mm\b/i.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * Every delivery into the farm's store, newest first: what the owner entered, and (for the owner's
 * first farm, where a farmer's feed goes) the feed lines of their FreshCatch orders delivered since the
 * farm began, by themselves.
 */
export async function feedReceipts(db: Db | Tx, farmId: number): Promise<FeedReceipt[]> {
  const [farm] = await db
    .select({ ownerId: farms.ownerId, createdAt: farms.createdAt })
    .from(farms)
    .where(eq(farms.id, farmId));
  if (!farm) return [];
  const [firstFarm] = await db
    .select({ id: farms.id })
    .from(farms)
    .where(eq(farms.ownerId, farm.ownerId))
    .orderBy(asc(farms.id))
    .limit(1);
  const [entered, ordered] = await Promise.all([
    db.select().from(farmFeedStock).where(eq(farmFeedStock.farmId, farmId)),
    firstFarm?.id !== farmId
      ? []
      : db
          .select({
            id: orderItems.id,
            orderId: orders.id,
            name: orderItems.productName,
            quantity: orderItems.quantity,
            weightG: orderItems.productWeightGrams,
            unitPriceKobo: orderItems.unitPriceKobo,
            deliveredAt: orders.updatedAt,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(products, eq(products.id, orderItems.productId))
          .where(
            and(
              eq(orders.userId, farm.ownerId),
              eq(orders.status, 'delivered'),
              eq(products.category, 'feeds'),
              gte(orders.createdAt, farm.createdAt),
            ),
          ),
  ]);
  const receipts: FeedReceipt[] = [
    ...entered.map((row) => ({
      key: `entered-${row.id}`,
      feedName: row.feedName,
      pelletMm: row.pelletMm,
      bags: row.bags,
      bagG: row.bagG,
      pricePerBagKobo: row.pricePerBagKobo,
      receivedOn: row.receivedOn,
      orderId: null,
    })),
    ...ordered.flatMap((line) => {
      const pelletMm = pelletSizeOfName(line.name);
      if (pelletMm === null) return [];
      return [
        {
          key: `order-line-${line.id}`,
          feedName: line.name,
          pelletMm,
          bags: line.quantity,
          bagG: line.weightG,
          pricePerBagKobo: line.unitPriceKobo,
          receivedOn: shopDay(line.deliveredAt),
          orderId: line.orderId,
        },
      ];
    }),
  ];
  return receipts.sort((a, b) => (a.receivedOn < b.receivedOn ? 1 : a.receivedOn > b.receivedOn ? -1 : 0));
}

/** Grams and kobo received, by pellet size. */
function bySize(receipts: readonly FeedReceipt[]): Map<number, { grams: number; kobo: number }> {
  const sizes = new Map<number, { grams: number; kobo: number }>();
  for (const receipt of receipts) {
    const size = sizes.get(receipt.pelletMm) ?? { grams: 0, kobo: 0 };
    size.grams += receipt.bags * receipt.bagG;
    size.kobo += receipt.bags * receipt.pricePerBagKobo;
    sizes.set(receipt.pelletMm, size);
  }
  return sizes;
}

/** The average price paid per kg, by pellet size and over all feed (null: no feed received). */
export async function feedPrices(db: Db | Tx, farmId: number) {
  const sizes = bySize(await feedReceipts(db, farmId));
  const all = [...sizes.values()].reduce(
    (sum, size) => ({ grams: sum.grams + size.grams, kobo: sum.kobo + size.kobo }),
    {
      grams: 0,
      kobo: 0,
    },
  );
  return {
    /** The price per kg for a line of this pellet size (or of no size: the average of all). */
    of: (pelletMm: number | null | undefined) => {
      const size = pelletMm !== null && pelletMm !== undefined ? sizes.get(pelletMm) : undefined;
      return size ? perKg(size.kobo, size.grams) : perKg(all.kobo, all.grams);
    },
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
  const [receipts, used, rations] = await Promise.all([
    feedReceipts(db, access.farmId),
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
    rationsToday(db, access, today),
  ]);
  const receivedBySize = bySize(receipts);
  const need = new Map<number, number>();
  for (const ration of rations) need.set(ration.pelletMm, (need.get(ration.pelletMm) ?? 0) + ration.feedG);
  const usedBySize = new Map(used.map((row) => [row.pelletMm!, Number(row.grams)]));
  const allSizes = [...new Set([...receivedBySize.keys(), ...need.keys()])].sort((a, b) => a - b);
  const products = await shopFeedsOfSizes(db, allSizes);
  const sizes: FeedSize[] = allSizes.map((pelletMm) => {
    const row = receivedBySize.get(pelletMm);
    const receivedG = row?.grams ?? 0;
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
      pricePerKgKobo: row ? perKg(row.kobo, row.grams) : null,
      product: products.get(pelletMm) ?? null,
    };
  });
  return { sizes, receipts: receipts.slice(0, 20) };
}

/**
 * The shop's feed of each pellet size ("Floating Fish Feed 4 mm (15 kg)"), the cheapest per kg: one
 * query for every size, the first of each size in that order.
 */
async function shopFeedsOfSizes(db: Db, pelletSizes: readonly number[]) {
  const found = new Map<number, FeedSize['product'] & {}>();
  if (pelletSizes.length === 0) return found;
  const feeds = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      priceTiers: products.priceTiers,
      imageUrl: products.imageUrl,
      weightGrams: products.weightGrams,
    })
    .from(products)
    .where(
      and(
        eq(products.category, 'feeds'),
        or(...pelletSizes.map((pelletMm) => ilike(products.name, `% ${pelletMm} mm%`))),
      ),
    )
    .orderBy(asc(sql`${products.priceKobo}::float / nullif(${products.weightGrams}, 0)`), asc(products.id));
  for (const pelletMm of pelletSizes) {
    const feed = feeds.find((row) => row.name.toLowerCase().includes(` ${pelletMm} mm`));
    if (feed) found.set(pelletMm, feed);
  }
  return found;
}
