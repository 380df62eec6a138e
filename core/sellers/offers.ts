import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { farmCycles, products, sellerOffers, sellers } from '../../db/schema';
import type { OfferStatus } from '../../db/schema/enums';
import { recordAdminChange } from '../audit/log';
import { shopDay } from '../calendar';
import { Conflict, Invalid, NotFound } from '../errors';
import { assertOwner, type AdminActor } from '../roles';
import { receiveBatch } from '../stock/batches';
import type { StockUnit } from '../stock/rules';
import {
  checkOffer,
  nextOfferStatus,
  OFFER_CONFLICTS,
  OFFER_MESSAGES,
  offerAmountLabel,
  offerAmountOrNull,
  offerPriceLabel,
  offerPriceOrNull,
  type OfferForm,
  type OfferMove,
} from './offer-rules';
import { activeSellerOf, type Seller } from './service';

/**
 * Harvests offered to the shop (issue 51 §2, docs/sellers.md): an approved seller offers, the shop
 * accepts, counters or declines, and receiving at the hub makes the offer a stock batch of its product
 * (through core/stock's one writer of batches). The only writer of `seller_offers`; every move is one
 * transaction with the offer's row locked, so a move posted twice is done once.
 */

export type Offer = typeof sellerOffers.$inferSelect;

const field = (name: string, message: string) => new Invalid(message, { [name]: [message] });

/** The products a harvest may be offered as: the ones the shop counts in stock, by name. */
export async function offerableProducts(db: Db) {
  return db
    .select({ id: products.id, name: products.name, stockUnit: products.stockUnit })
    .from(products)
    .where(isNotNull(products.stockUnit))
    .orderBy(asc(products.name));
}

/** The seller's own approved account, or the refusal an offer gets. */
async function approvedSeller(db: Db | Tx, userId: string): Promise<Seller & { farmId: number }> {
  const seller = await activeSellerOf(db, userId);
  // (A seller's farm is gone only with their account: core/sellers/service.ts closeSellerOfDeletedAccount.)
  if (!seller || seller.status !== 'approved' || seller.farmId === null)
    throw field('productId', OFFER_MESSAGES.notApproved);
  return { ...seller, farmId: seller.farmId };
}

/** A seller offers a harvest: checked field by field, nothing saved on a refusal. */
export async function makeOffer(db: Db, userId: string, form: OfferForm, now = new Date()): Promise<Offer> {
  const seller = await approvedSeller(db, userId);
  const [product] = await db
    .select({ id: products.id, stockUnit: products.stockUnit })
    .from(products)
    .where(eq(products.id, form.productId));
  if (!product) throw field('productId', OFFER_MESSAGES.product);
  const checked = checkOffer(form, product, shopDay(now));
  if (form.cycleId !== null) {
    const [cycle] = await db
      .select({ id: farmCycles.id })
      .from(farmCycles)
      .where(and(eq(farmCycles.id, form.cycleId), eq(farmCycles.farmId, seller.farmId)));
    if (!cycle) throw field('cycleId', OFFER_MESSAGES.cycle);
  }
  const [offer] = await db
    .insert(sellerOffers)
    .values({ sellerId: seller.id, productId: product.id, cycleId: form.cycleId, ...checked })
    .returning();
  return offer!;
}

/** One move of one offer, its row locked; `change` says what else to set (and may refuse by throwing). */
async function moveOffer(
  tx: Tx,
  id: number,
  move: OfferMove,
  now: Date,
  change: (offer: Offer) => Promise<Partial<Offer>> | Partial<Offer> = () => ({}),
): Promise<{ before: Offer; after: Offer }> {
  const [before] = await tx.select().from(sellerOffers).where(eq(sellerOffers.id, id)).for('update');
  if (!before) throw new NotFound(OFFER_MESSAGES.notFound);
  const status = nextOfferStatus(before.status, move);
  if (!status) throw new Conflict(OFFER_CONFLICTS[move]);
  const values = { ...(await change(before)), status, updatedAt: now };
  const [after] = await tx.update(sellerOffers).set(values).where(eq(sellerOffers.id, id)).returning();
  return { before, after: after! };
}

/** The seller's own move on their offer: take the shop's counter-offer, or withdraw it. */
export async function sellerMovesOffer(
  db: Db,
  userId: string,
  id: number,
  move: 'take-counter' | 'withdraw',
  now = new Date(),
): Promise<Offer> {
  const seller = await activeSellerOf(db, userId);
  return db.transaction(async (tx) => {
    const [mine] = await tx
      .select({ id: sellerOffers.id })
      .from(sellerOffers)
      .where(and(eq(sellerOffers.id, id), eq(sellerOffers.sellerId, seller?.id ?? -1)));
    if (!mine) throw new NotFound(OFFER_MESSAGES.notFound);
    const { after } = await moveOffer(tx, id, move, now, (offer) =>
      move === 'take-counter' ? { priceKobo: offer.counterPriceKobo! } : {},
    );
    return after;
  });
}

const labelOf = (offer: Offer) => `Offer #${offer.id}`;

/** The shop's answer: accept, counter with another price, or decline with a reason. In the activity log. */
export async function answerOffer(
  db: Db,
  admin: AdminActor,
  id: number,
  answer: { move: 'accept' } | { move: 'counter'; price: string } | { move: 'decline'; reason: string },
  now = new Date(),
): Promise<Offer> {
  assertOwner(admin);
  let extra: Partial<Offer> = {};
  if (answer.move === 'counter') {
    const counterPriceKobo = offerPriceOrNull(answer.price);
    if (counterPriceKobo === null) throw field('price', OFFER_MESSAGES.price);
    extra = { counterPriceKobo };
  }
  if (answer.move === 'decline') {
    const reason = answer.reason.trim();
    if (!reason || reason.length > 500) throw field('reason', OFFER_MESSAGES.declineReason);
    extra = { declineReason: reason };
  }
  return db.transaction(async (tx) => {
    const { before, after } = await moveOffer(tx, id, answer.move, now, (offer) => {
      if (answer.move === 'counter' && extra.counterPriceKobo === offer.priceKobo)
        throw field('price', OFFER_MESSAGES.counter);
      return extra;
    });
    await recordAdminChange(tx, admin, {
      kind: 'offer',
      action: 'status_changed',
      subjectId: id,
      subjectLabel: labelOf(after),
      before: { status: before.status, priceKobo: before.priceKobo },
      after: {
        status: after.status,
        priceKobo: after.priceKobo,
        counterPriceKobo: after.counterPriceKobo,
        declineReason: after.declineReason,
      },
    });
    return after;
  });
}

/**
 * Receiving at the hub: what was brought (short weight adjusts the offer; never more than offered) becomes
 * a stock batch of the product, caught on the harvest day, in the same transaction as the offer's move.
 */
export async function receiveOffer(
  db: Db,
  admin: AdminActor,
  id: number,
  typed: string,
  now = new Date(),
): Promise<{ offer: Offer; batchId: number }> {
  return db.transaction(async (tx) => {
    let batchId = 0;
    const { before, after } = await moveOffer(tx, id, 'receive', now, async (offer) => {
      const [product] = await tx
        .select({ stockUnit: products.stockUnit, name: products.name })
        .from(products)
        .where(eq(products.id, offer.productId));
      if (!product?.stockUnit) throw new Conflict(OFFER_MESSAGES.notCounted);
      const brought = offerAmountOrNull(typed, product.stockUnit);
      if (brought === null || brought > offer.quantity) throw field('quantity', OFFER_MESSAGES.received);
      const batch = await receiveBatch(tx, admin, offer.productId, {
        amount: brought,
        dateKind: 'caught',
        preparedOn: offer.harvestedOn > shopDay(now) ? shopDay(now) : offer.harvestedOn,
        bestBefore: null,
        note: `Offer #${offer.id}`,
        // Sold at the offer's price, to buyers who choose this farm (or whom the shop's rule gives it).
        chosenOnly: true,
      });
      batchId = batch.id;
      return { receivedQuantity: brought, batchId: batch.id };
    });
    await recordAdminChange(tx, admin, {
      kind: 'offer',
      action: 'stock_received',
      subjectId: id,
      subjectLabel: labelOf(after),
      before: { status: before.status, quantity: before.quantity },
      after: { status: after.status, received: after.receivedQuantity, batch: `#${batchId}` },
    });
    return { offer: after, batchId };
  });
}

export interface OfferView {
  id: number;
  status: OfferStatus;
  productName: string;
  stockUnit: StockUnit;
  amount: string;
  /** The amount offered as the receiving form takes it ("96.5" kg, "300" fish). */
  amountTyped: string;
  received: string | null;
  price: string;
  counterPrice: string | null;
  harvestedOn: string;
  bringOn: string;
  declineReason: string | null;
  cycleId: number | null;
}

function viewOf(row: Offer & { productName: string; stockUnit: StockUnit | null }): OfferView {
  const unit = row.stockUnit ?? 'kg';
  return {
    id: row.id,
    status: row.status,
    productName: row.productName,
    stockUnit: unit,
    amount: offerAmountLabel(row.quantity, unit),
    amountTyped: unit === 'kg' ? String(row.quantity / 1000) : String(row.quantity),
    received: row.receivedQuantity === null ? null : offerAmountLabel(row.receivedQuantity, unit),
    price: offerPriceLabel(row.priceKobo, unit),
    counterPrice: row.counterPriceKobo === null ? null : offerPriceLabel(row.counterPriceKobo, unit),
    harvestedOn: row.harvestedOn,
    bringOn: row.bringOn,
    declineReason: row.declineReason,
    cycleId: row.cycleId,
  };
}

const VIEW_COLUMNS = { offer: sellerOffers, productName: products.name, stockUnit: products.stockUnit };

/** A seller's own offers, newest first. */
export async function offersOfSeller(db: Db, userId: string): Promise<OfferView[]> {
  const seller = await activeSellerOf(db, userId);
  if (!seller) return [];
  const rows = await db
    .select(VIEW_COLUMNS)
    .from(sellerOffers)
    .innerJoin(products, eq(products.id, sellerOffers.productId))
    .where(eq(sellerOffers.sellerId, seller.id))
    .orderBy(desc(sellerOffers.createdAt), desc(sellerOffers.id))
    .limit(100);
  return rows.map(({ offer, ...rest }) => viewOf({ ...offer, ...rest }));
}

export interface AdminOfferView extends OfferView {
  sellerName: string;
  sellerId: number;
}

/** The owner's offers: those to answer and to receive (by the day they come), then the last ones done. */
export async function offersForAdmin(db: Db, _admin: AdminActor): Promise<AdminOfferView[]> {
  const rows = (statuses: OfferStatus[], order: SQL[], limit: number) =>
    db
      .select({ ...VIEW_COLUMNS, sellerName: sellers.businessName })
      .from(sellerOffers)
      .innerJoin(products, eq(products.id, sellerOffers.productId))
      .innerJoin(sellers, eq(sellers.id, sellerOffers.sellerId))
      .where(inArray(sellerOffers.status, statuses))
      .orderBy(...order)
      .limit(limit);
  const [open, done] = await Promise.all([
    rows(['offered', 'countered', 'accepted'], [asc(sellerOffers.bringOn), asc(sellerOffers.id)], 200),
    rows(['received', 'declined', 'withdrawn'], [desc(sellerOffers.updatedAt), desc(sellerOffers.id)], 30),
  ]);
  return [...open, ...done].map(({ offer, sellerName, ...rest }) => ({
    ...viewOf({ ...offer, ...rest }),
    sellerName,
    sellerId: offer.sellerId,
  }));
}
