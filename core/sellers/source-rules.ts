import type { StockUnit } from '../stock/rules';

/**
 * Where a buyer's fish comes from (issue 51 §3), as plain rules the product page, the cart and the
 * server all read: a counted product sells from the shop's own batches at its own price, and from each
 * seller's harvest received at the hub at that offer's price. The buyer may choose a farm; otherwise the
 * shop's rule picks the oldest that covers the line. Browser-safe.
 */

/** A seller's harvest on sale: its batch (what an order line names), its farm and its price. */
export interface FarmSource {
  batchId: number;
  /** The farm and the farm-book cycle the offer came from (null: entered by hand), for its record. */
  farmId: number;
  cycleId: number | null;
  farm: string;
  seller: string;
  /** "Obio-Akpor, Rivers" */
  place: string;
  /** The harvest day (Lagos), the batch's own date. */
  harvestedOn: string;
  /** The offer's price per kg (or per fish for a product counted by units), in kobo. */
  priceKobo: number;
  /** What one item of the product costs from this farm (the offer's price × the item's weight). */
  unitPriceKobo: number;
  /** What the batch has that no unpaid order holds, in the product's stock unit. */
  available: number;
}

/** The product's sources as a buyer may choose them: the shop's own, then the farms, oldest first. */
export interface ProductSources {
  /** What the shop's own batches have free, in the stock unit. */
  ownAvailable: number;
  /** The day of the shop's own batch the next buyer gets; null without one. */
  ownSince: string | null;
  farms: FarmSource[];
}

/** What one item costs from a farm: per kg × the item's grams (to the nearest kobo), or per fish. */
export function offerUnitPriceKobo(
  priceKobo: number,
  product: { stockUnit: StockUnit | null; weightGrams: number },
): number {
  return product.stockUnit === 'kg' ? Math.round((priceKobo * product.weightGrams) / 1000) : priceKobo;
}

/**
 * The shop's rule when the buyer names no farm: the oldest source (the shop's own next batch or a farm's
 * harvest, by its day) whose free stock covers `wanted` (in the stock unit), the shop's own on a tie;
 * when none covers it, the one with the most left (the hold then says how much that is). Returns the
 * batch to name, or null for the shop's own.
 */
export function pickSource(sources: ProductSources, wanted: number): number | null {
  const candidates: { batchId: number | null; day: string; available: number }[] = [
    ...(sources.ownSince === null
      ? []
      : [{ batchId: null, day: sources.ownSince, available: sources.ownAvailable }]),
    ...sources.farms.map((f) => ({ batchId: f.batchId, day: f.harvestedOn, available: f.available })),
  ];
  const covering = candidates
    .filter((c) => c.available >= wanted)
    .sort((a, b) => a.day.localeCompare(b.day) || (a.batchId ?? 0) - (b.batchId ?? 0));
  if (covering[0]) return covering[0].batchId;
  const most = [...candidates].sort((a, b) => b.available - a.available)[0];
  return most?.batchId ?? null;
}

/**
 * A product as one of its sources sells it: the farm's batch, label ("Briggs Farm, Bonny, Rivers"), price
 * and what it has free; or, for the shop's own (`batchId` null, a farm no longer on sale, or a product no
 * farm sells), the product's price and quantity prices and what the shop's own have free. The product
 * page, the cart line and its stepper all price and count a line by this.
 */
export function soldFrom<P extends { priceKobo: number; stockAvailable: number; priceTiers?: unknown[] }>(
  product: P,
  sources: ProductSources | null | undefined,
  batchId: number | null | undefined,
): SoldFrom<P['priceTiers']> {
  const farm = batchId == null ? undefined : sources?.farms.find((f) => f.batchId === batchId);
  if (farm)
    return {
      batchId: farm.batchId,
      farm: farmLabel(farm),
      priceKobo: farm.unitPriceKobo,
      available: farm.available,
    };
  return {
    priceKobo: product.priceKobo,
    ...(product.priceTiers?.length ? { priceTiers: product.priceTiers } : {}),
    available: sources ? sources.ownAvailable : product.stockAvailable,
  };
}

export interface SoldFrom<Tiers = unknown[]> {
  /** The farm's batch the line names; absent for the shop's own. */
  batchId?: number;
  farm?: string;
  priceKobo: number;
  /** The product's quantity prices: the shop's own only. */
  priceTiers?: Tiers;
  /** What the source has free, in the product's stock unit. */
  available: number;
}

/** "Briggs Farm, Obio-Akpor, Rivers" as a cart line says where it comes from. */
export function farmLabel(farm: Pick<FarmSource, 'farm' | 'place'>): string {
  return `${farm.farm}, ${farm.place}`;
}
