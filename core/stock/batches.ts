import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { products, stockBatches, stockDraws } from '../../db/schema';
import { addDays, dayMonth, shopDay } from '../calendar';
import { recordAdminChange } from '../audit/log';
import { Conflict, Invalid, NotFound } from '../errors';
import type { AdminActor } from '../roles';
import { inStockWhen } from './in-stock';
import {
  adjustSign,
  batchAge,
  BATCH_DATE_KIND_LABELS,
  EXPIRING_WITHIN_DAYS,
  formatStock,
  isPastBestBefore,
  STOCK_ADJUST_REASON_LABELS,
  type StockUnit,
} from './rules';
import type { AdjustStockInput, ReceiveStockInput } from './schemas';

/**
 * Batches: the owner receives stock as it came in (a catch, a smoking, a delivery of bags), takes it
 * off with a reason, and the every-minute job stops a batch past its best-before. A paid order's lines
 * draw from the oldest batches first. Each change keeps the product's `stock_on_hand` equal to what
 * its batches not expired have left, in the same transaction, and locks the product before its
 * batches (as a payment does), so no two changes wait on each other. Every owner's change is in the
 * activity log.
 */

export type StockBatch = typeof stockBatches.$inferSelect;

/** A batch still selling: not stopped, with something left. */
const selling = () => and(isNull(stockBatches.expiredAt), gt(stockBatches.quantityLeft, 0));

export const STOCK_MESSAGES = {
  notCounted: 'Choose how this product’s stock is counted before receiving stock.',
  wholeUnits: 'Units are counted whole: enter a whole number.',
  futureDate: 'That date is still to come: enter the day it was caught, smoked, dried or made.',
  bestBeforePast: 'That best-before date has passed: this batch could not be sold.',
  bestBeforeEarly: 'Best before cannot be earlier than the date it was caught, smoked, dried or made.',
  batchGone: 'This batch is no longer in stock.',
  batchExpired: 'This batch has passed its best-before and no longer sells.',
  tooMuch: (left: string) => `This batch has only ${left} left.`,
  tooOld: 'That date is more than a year ago: enter the day it was caught, smoked, dried or made.',
  bestBeforeFar: 'That best-before date is more than 5 years away: check it.',
  overCapacity: (most: string) =>
    `That would take the stock on hand past ${most}, more than the shop can count: check the quantity.`,
  stillCounted: (left: string) =>
    `${left} of this product is still in stock or held by orders: take it off before changing how it is counted.`,
} as const;

/**
 * The most a product may have on hand, in its stock unit (1,000 tonnes in grams, or a billion units):
 * well inside the 32-bit columns that hold it, so no receipt or recount can overflow them.
 */
export const MAX_STOCK_ON_HAND = 1_000_000_000;
/** A batch's date is at most this many days back; a best-before at most this many ahead. */
const OLDEST_BATCH_DAYS = 366;
const FURTHEST_BEST_BEFORE_DAYS = 5 * 366;

function refuseOverCapacity(onHand: number, change: number, unit: StockUnit) {
  if (onHand + change <= MAX_STOCK_ON_HAND) return;
  const most =
    unit === 'kg'
      ? `${(MAX_STOCK_ON_HAND / 1000).toLocaleString('en-NG')} kg`
      : `${MAX_STOCK_ON_HAND.toLocaleString('en-NG')} units`;
  const message = STOCK_MESSAGES.overCapacity(most);
  throw new Invalid(message, { quantity: [message] });
}

/** "40" kg → 40000 g; "3" units → 3. Units must be whole. */
function toStockAmount(quantity: string, unit: StockUnit): number {
  const value = Number(quantity);
  if (unit === 'kg') return Math.round(value * 1000);
  if (!Number.isInteger(value))
    throw new Invalid(STOCK_MESSAGES.wholeUnits, { quantity: [STOCK_MESSAGES.wholeUnits] });
  return value;
}

/*
 * Batches are locked FOR NO KEY UPDATE, not FOR UPDATE: an unpaid order line that names a farm's batch
 * (order_items.batch_id) holds a KEY SHARE lock on it from its insert until the placement commits, and a
 * placement waits for the product's row that a payment or the owner's change holds; FOR UPDATE would wait
 * for that key share, and the two would deadlock. Nothing here changes a batch's id.
 */

async function lockedProduct(tx: Tx, productId: number) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!product) throw new NotFound('This product no longer exists.');
  return product;
}

/** Moves the product's on-hand stock by `change` (kept at 0 or above) and its in-stock flag with it. */
async function moveOnHand(tx: Tx, productId: number, change: number) {
  const onHand = sql`greatest(${products.stockOnHand} + ${change}, 0)`;
  const [product] = await tx
    .update(products)
    .set({ stockOnHand: onHand, inStock: inStockWhen(onHand, sql`${products.stockHeld}`) })
    .where(eq(products.id, productId))
    .returning();
  return product!;
}

/** Receives a batch of a counted product: it sells from now on, after the older ones. */
export async function receiveStock(
  db: Db,
  admin: AdminActor,
  productId: number,
  input: ReceiveStockInput,
  now = new Date(),
): Promise<StockBatch> {
  const today = shopDay(now);
  if (input.preparedOn > today)
    throw new Invalid(STOCK_MESSAGES.futureDate, { preparedOn: [STOCK_MESSAGES.futureDate] });
  if (input.preparedOn < addDays(today, -OLDEST_BATCH_DAYS))
    throw new Invalid(STOCK_MESSAGES.tooOld, { preparedOn: [STOCK_MESSAGES.tooOld] });
  if (input.bestBefore !== null && input.bestBefore > addDays(today, FURTHEST_BEST_BEFORE_DAYS))
    throw new Invalid(STOCK_MESSAGES.bestBeforeFar, { bestBefore: [STOCK_MESSAGES.bestBeforeFar] });
  if (input.bestBefore !== null && input.bestBefore < input.preparedOn)
    throw new Invalid(STOCK_MESSAGES.bestBeforeEarly, { bestBefore: [STOCK_MESSAGES.bestBeforeEarly] });
  if (isPastBestBefore(input.bestBefore, today))
    throw new Invalid(STOCK_MESSAGES.bestBeforePast, { bestBefore: [STOCK_MESSAGES.bestBeforePast] });
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stockUnit: products.stockUnit })
      .from(products)
      .where(eq(products.id, productId));
    if (!product) throw new NotFound('This product no longer exists.');
    if (product.stockUnit === null) throw new Conflict(STOCK_MESSAGES.notCounted, 'Stock not counted');
    return receiveBatch(tx, admin, productId, {
      amount: toStockAmount(input.quantity, product.stockUnit),
      dateKind: input.dateKind,
      preparedOn: input.preparedOn,
      bestBefore: input.bestBefore,
      note: input.note,
    });
  });
}

/**
 * A batch into the product's stock, in the caller's transaction: `amount` in the product's stock unit
 * (grams or units), checked against what the shop can count; the product's on-hand and in-stock move
 * with it, and the change is in the activity log. The owner's receiving form and a seller's offer
 * received at the hub (core/sellers/offers.ts) both come here.
 */
export async function receiveBatch(
  tx: Tx,
  admin: AdminActor,
  productId: number,
  input: {
    amount: number;
    dateKind: ReceiveStockInput['dateKind'];
    preparedOn: string;
    bestBefore: string | null;
    note: string | null;
    /** Sold only to order lines that name it: a seller's harvest, at its offer's price. */
    chosenOnly?: boolean;
  },
): Promise<StockBatch> {
  const before = await lockedProduct(tx, productId);
  const unit = before.stockUnit;
  if (unit === null) throw new Conflict(STOCK_MESSAGES.notCounted, 'Stock not counted');
  const amount = input.amount;
  refuseOverCapacity(before.stockOnHand, amount, unit);
  const [batch] = await tx
    .insert(stockBatches)
    .values({
      productId,
      quantityReceived: amount,
      quantityLeft: amount,
      dateKind: input.dateKind,
      preparedOn: input.preparedOn,
      bestBefore: input.bestBefore,
      note: input.note,
      receivedBy: admin.id,
      chosenOnly: input.chosenOnly ?? false,
    })
    .returning();
  const after = await moveOnHand(tx, productId, amount);
  await recordAdminChange(tx, admin, {
    kind: 'product',
    action: 'stock_received',
    subjectId: productId,
    subjectLabel: before.name,
    before: { onHand: formatStock(before.stockOnHand, unit) },
    after: {
      batch: `#${batch!.id}`,
      received: formatStock(amount, unit),
      [BATCH_DATE_KIND_LABELS[input.dateKind].toLowerCase()]: input.preparedOn,
      bestBefore: input.bestBefore,
      note: input.note,
      onHand: formatStock(after.stockOnHand, unit),
    },
  });
  return batch!;
}

/** Takes stock off a batch with a reason (or adds what a recount found). */
export async function adjustStock(
  db: Db,
  admin: AdminActor,
  productId: number,
  input: AdjustStockInput,
): Promise<StockBatch> {
  return db.transaction(async (tx) => {
    const before = await lockedProduct(tx, productId);
    const unit = before.stockUnit;
    if (unit === null) throw new Conflict(STOCK_MESSAGES.notCounted, 'Stock not counted');
    const [batch] = await tx
      .select()
      .from(stockBatches)
      .where(and(eq(stockBatches.id, input.batchId), eq(stockBatches.productId, productId)))
      .for('no key update');
    if (!batch) throw new NotFound(STOCK_MESSAGES.batchGone);
    if (batch.expiredAt !== null) throw new Conflict(STOCK_MESSAGES.batchExpired, 'Batch expired');
    const change = adjustSign(input.reason) * toStockAmount(input.quantity, unit);
    if (batch.quantityLeft + change < 0)
      throw new Invalid(STOCK_MESSAGES.tooMuch(formatStock(batch.quantityLeft, unit)), {
        quantity: [STOCK_MESSAGES.tooMuch(formatStock(batch.quantityLeft, unit))],
      });
    refuseOverCapacity(before.stockOnHand, change, unit);
    const [adjusted] = await tx
      .update(stockBatches)
      .set({ quantityLeft: sql`${stockBatches.quantityLeft} + ${change}` })
      .where(eq(stockBatches.id, batch.id))
      .returning();
    const after = await moveOnHand(tx, productId, change);
    await recordAdminChange(tx, admin, {
      kind: 'product',
      action: 'stock_adjusted',
      subjectId: productId,
      subjectLabel: before.name,
      before: {
        batch: `#${batch.id}`,
        left: formatStock(batch.quantityLeft, unit),
        onHand: formatStock(before.stockOnHand, unit),
      },
      after: {
        batch: `#${batch.id}`,
        left: formatStock(adjusted!.quantityLeft, unit),
        onHand: formatStock(after.stockOnHand, unit),
        reason: STOCK_ADJUST_REASON_LABELS[input.reason],
        note: input.note,
      },
    });
    return adjusted!;
  });
}

/**
 * Starts or stops counting a product's stock. Counting starts at nothing on hand (receive a batch
 * next); it stops, or changes unit, only when nothing is on hand or held, so no stock is lost.
 */
export async function setStockCounting(
  db: Db,
  admin: AdminActor,
  productId: number,
  unit: StockUnit | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedProduct(tx, productId);
    if (before.stockUnit === unit) return;
    if (before.stockUnit !== null && (before.stockOnHand > 0 || before.stockHeld > 0))
      throw new Conflict(
        STOCK_MESSAGES.stillCounted(
          formatStock(Math.max(before.stockOnHand, before.stockHeld), before.stockUnit),
        ),
        'Stock still counted',
      );
    // Starting: nothing on hand yet, so out of stock until a batch comes in. Stopping: the flag stays
    // as the stock left it, for the owner to set on the product form.
    const [after] = await tx
      .update(products)
      .set({
        stockUnit: unit,
        stockOnHand: 0,
        stockHeld: 0,
        ...(unit !== null ? { inStock: false } : {}),
      })
      .where(eq(products.id, productId))
      .returning();
    // Batches of the old count are closed: they sell no more.
    await tx
      .update(stockBatches)
      .set({ expiredAt: new Date() })
      .where(and(eq(stockBatches.productId, productId), isNull(stockBatches.expiredAt)));
    await recordAdminChange(tx, admin, {
      kind: 'product',
      action: 'updated',
      subjectId: productId,
      subjectLabel: before.name,
      before: { stockUnit: before.stockUnit, inStock: before.inStock },
      after: { stockUnit: after!.stockUnit, inStock: after!.inStock },
    });
  });
}

/**
 * The every-minute job: batches past their best-before (in Lagos) stop selling; what they had left
 * leaves the products' stock. Returns how many batches it stopped.
 */
export async function expireBatches(db: Db, now = new Date()): Promise<number> {
  const today = shopDay(now);
  const pastBestBefore = and(
    selling(),
    isNotNull(stockBatches.bestBefore),
    sql`${stockBatches.bestBefore} < ${today}`,
  );
  return db.transaction(async (tx) => {
    const due = await tx
      .selectDistinct({ productId: stockBatches.productId })
      .from(stockBatches)
      .where(pastBestBefore);
    if (due.length === 0) return 0;
    const ids = due.map((d) => d.productId).sort((a, b) => a - b);
    // Products first, then their batches: the order every stock change takes.
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for('update');
    const expired = await tx
      .update(stockBatches)
      .set({ expiredAt: now })
      .where(and(inArray(stockBatches.productId, ids), pastBestBefore))
      .returning({ productId: stockBatches.productId, left: stockBatches.quantityLeft });
    const gone = new Map<number, number>();
    for (const { productId, left } of expired) gone.set(productId, (gone.get(productId) ?? 0) + left);
    for (const [productId, left] of gone) await moveOnHand(tx, productId, -left);
    return expired.length;
  });
}

/**
 * A paid line's stock drawn from the product's own batches (not those sold only by name), oldest first
 * (caught or made earliest), and recorded per batch. The caller has locked the product. Returns what
 * no batch had.
 */
export async function drawFromBatches(
  tx: Tx,
  orderItemId: number,
  productId: number,
  amount: number,
): Promise<number> {
  const batches = await sellingBatchesLocked(tx).execute({ productId });
  let wanted = amount;
  for (const batch of batches) {
    if (wanted === 0) break;
    const take = Math.min(batch.left, wanted);
    await takeFromBatch(tx).execute({ id: batch.id, take });
    await recordDraw(tx).execute({ orderItemId, batchId: batch.id, take });
    wanted -= take;
  }
  return wanted;
}

const placeholder = sql.placeholder;

/**
 * The batch a line named, for its sale (the product is locked already): what it has, up to `amount`,
 * leaves it — with its hold when the line held it — and is recorded as the line's draw. Returns what
 * it did not have (taken off since, or stopped past its best-before).
 */
export async function drawFromChosen(
  tx: Tx,
  orderItemId: number,
  batchId: number,
  amount: number,
  wasHeld: boolean,
): Promise<number> {
  const [batch] = await tx
    .select({ left: stockBatches.quantityLeft, expiredAt: stockBatches.expiredAt })
    .from(stockBatches)
    .where(eq(stockBatches.id, batchId))
    .for('no key update');
  if (!batch) return amount;
  const take = batch.expiredAt === null ? Math.min(batch.left, amount) : 0;
  await tx
    .update(stockBatches)
    .set({
      quantityLeft: sql`${stockBatches.quantityLeft} - ${take}`,
      ...(wasHeld ? { quantityHeld: sql`greatest(${stockBatches.quantityHeld} - ${amount}, 0)` } : {}),
    })
    .where(eq(stockBatches.id, batchId));
  if (take > 0) await recordDraw(tx).execute({ orderItemId, batchId, take });
  return amount - take;
}

/** A product's own selling batches, oldest first, locked for a sale (the product is locked already). */
const sellingBatchesLocked = preparedPerDb((db) =>
  db
    .select({ id: stockBatches.id, left: stockBatches.quantityLeft })
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.productId, placeholder('productId')),
        selling(),
        eq(stockBatches.chosenOnly, false),
      ),
    )
    .orderBy(asc(stockBatches.preparedOn), asc(stockBatches.id))
    .for('no key update'),
);

const takeFromBatch = preparedPerDb((db) =>
  db
    .update(stockBatches)
    .set({ quantityLeft: sql`${stockBatches.quantityLeft} - ${placeholder('take')}` })
    .where(eq(stockBatches.id, placeholder('id'))),
);

const recordDraw = preparedPerDb((db) =>
  db
    .insert(stockDraws)
    .values({
      orderItemId: placeholder('orderItemId'),
      batchId: placeholder('batchId'),
      quantity: placeholder('take'),
    })
    .onConflictDoUpdate({
      target: [stockDraws.orderItemId, stockDraws.batchId],
      set: { quantity: sql`${stockDraws.quantity} + excluded.quantity` },
    }),
);

/**
 * A line refunded before it left the shop goes back to the batches it came from. Returns how much of
 * it sells again (a batch that has expired meanwhile takes it back, but does not sell it).
 */
export async function returnDraws(tx: Tx, orderItemId: number): Promise<number> {
  const draws = await tx.delete(stockDraws).where(eq(stockDraws.orderItemId, orderItemId)).returning();
  let selling = 0;
  for (const draw of draws.sort((a, b) => a.batchId - b.batchId)) {
    const [batch] = await tx
      .update(stockBatches)
      .set({ quantityLeft: sql`${stockBatches.quantityLeft} + ${draw.quantity}` })
      .where(eq(stockBatches.id, draw.batchId))
      .returning({ expiredAt: stockBatches.expiredAt });
    if (batch && batch.expiredAt === null) selling += draw.quantity;
  }
  return selling;
}

/* What the buyer and the owner read. */

export interface NextBatch {
  id: number;
  dateKind: StockBatch['dateKind'];
  preparedOn: string;
  bestBefore: string | null;
}

/**
 * The batch of the shop's own the next buyer who names no farm gets: the oldest one with stock that
 * unpaid orders do not already hold (they will draw from the front when paid; what lines naming a
 * seller's batch hold is that batch's). Null when nothing is left, or the product has no own batches.
 */
export async function nextBatchOf(db: Db, productId: number): Promise<NextBatch | null> {
  const rows = await db
    .select({
      id: stockBatches.id,
      dateKind: stockBatches.dateKind,
      preparedOn: stockBatches.preparedOn,
      bestBefore: stockBatches.bestBefore,
      left: stockBatches.quantityLeft,
      held: sql<number>`${products.stockHeld} - coalesce((select sum(chosen.quantity_held) from ${stockBatches} chosen
        where chosen.product_id = ${products.id} and chosen.chosen_only and chosen.expired_at is null), 0)`.mapWith(
        Number,
      ),
    })
    .from(stockBatches)
    .innerJoin(products, eq(products.id, stockBatches.productId))
    .where(and(eq(stockBatches.productId, productId), selling(), eq(stockBatches.chosenOnly, false)))
    .orderBy(asc(stockBatches.preparedOn), asc(stockBatches.id));
  let held = rows[0]?.held ?? 0;
  for (const row of rows) {
    if (row.left > held)
      return { id: row.id, dateKind: row.dateKind, preparedOn: row.preparedOn, bestBefore: row.bestBefore };
    held -= row.left;
  }
  return null;
}

export interface CountedProduct {
  id: number;
  name: string;
  stockUnit: StockUnit;
  stockOnHand: number;
  stockHeld: number;
  weightGrams: number;
  /** The oldest batch still selling. */
  oldest: { dateKind: StockBatch['dateKind']; preparedOn: string } | null;
}

export interface ExpiringBatch {
  id: number;
  productId: number;
  productName: string;
  stockUnit: StockUnit | null;
  quantityLeft: number;
  dateKind: StockBatch['dateKind'];
  preparedOn: string;
  bestBefore: string;
  expiredAt: Date | null;
}

export interface StockOverview {
  today: string;
  counted: CountedProduct[];
  /** Batches selling whose best-before is within EXPIRING_WITHIN_DAYS. */
  expiring: ExpiringBatch[];
  /** Batches the job stopped in the last week, with what they had left. */
  expired: ExpiringBatch[];
}

const expiringColumns = {
  id: stockBatches.id,
  productId: stockBatches.productId,
  productName: products.name,
  stockUnit: products.stockUnit,
  quantityLeft: stockBatches.quantityLeft,
  dateKind: stockBatches.dateKind,
  preparedOn: stockBatches.preparedOn,
  bestBefore: sql<string>`${stockBatches.bestBefore}`,
  expiredAt: stockBatches.expiredAt,
};

/** /admin/stock: every counted product, what passes its best-before soon, and what the job stopped. */
export async function stockOverview(db: Db, _admin: AdminActor, now = new Date()): Promise<StockOverview> {
  const today = shopDay(now);
  const oldest = db
    .select({
      productId: stockBatches.productId,
      dateKind: stockBatches.dateKind,
      preparedOn: stockBatches.preparedOn,
      rank: sql<number>`row_number() over (partition by ${stockBatches.productId} order by ${stockBatches.preparedOn}, ${stockBatches.id})`.as(
        'rank',
      ),
    })
    .from(stockBatches)
    .where(selling())
    .as('oldest');
  const [counted, expiring, expired] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        stockUnit: sql<StockUnit>`${products.stockUnit}`,
        stockOnHand: products.stockOnHand,
        stockHeld: products.stockHeld,
        weightGrams: products.weightGrams,
        dateKind: oldest.dateKind,
        preparedOn: oldest.preparedOn,
      })
      .from(products)
      .leftJoin(oldest, and(eq(oldest.productId, products.id), eq(oldest.rank, 1)))
      .where(isNotNull(products.stockUnit))
      .orderBy(asc(products.name), asc(products.id)),
    db
      .select(expiringColumns)
      .from(stockBatches)
      .innerJoin(products, eq(products.id, stockBatches.productId))
      .where(
        and(
          selling(),
          isNotNull(stockBatches.bestBefore),
          lte(stockBatches.bestBefore, addDays(today, EXPIRING_WITHIN_DAYS)),
        ),
      )
      .orderBy(asc(stockBatches.bestBefore), asc(stockBatches.id)),
    db
      .select(expiringColumns)
      .from(stockBatches)
      .innerJoin(products, eq(products.id, stockBatches.productId))
      .where(
        and(
          isNotNull(stockBatches.expiredAt),
          gt(stockBatches.quantityLeft, 0),
          isNotNull(stockBatches.bestBefore),
          sql`${stockBatches.expiredAt} > ${new Date(now.getTime() - 7 * 86_400_000)}`,
        ),
      )
      .orderBy(desc(stockBatches.expiredAt), desc(stockBatches.id))
      .limit(50),
  ]);
  return {
    today,
    counted: counted.map(({ dateKind, preparedOn, ...product }) => ({
      ...product,
      oldest: dateKind && preparedOn ? { dateKind, preparedOn } : null,
    })),
    expiring,
    expired,
  };
}

export interface ProductStock {
  product: typeof products.$inferSelect;
  /** Selling batches oldest first, then the last ones sold out or stopped. */
  batches: StockBatch[];
  today: string;
}

/** /admin/stock/:id: the product's count, its batches, and what can be done with them. */
export async function productStock(
  db: Db,
  _admin: AdminActor,
  productId: number,
  now = new Date(),
): Promise<ProductStock> {
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw new NotFound('This product no longer exists.');
  const batches = await db
    .select()
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.productId, productId),
        or(selling(), sql`${stockBatches.receivedAt} > ${new Date(now.getTime() - 30 * 86_400_000)}`),
      ),
    )
    .orderBy(
      sql`(${stockBatches.expiredAt} is null and ${stockBatches.quantityLeft} > 0) desc`,
      asc(stockBatches.preparedOn),
      asc(stockBatches.id),
    )
    .limit(100);
  return { product, batches, today: shopDay(now) };
}

/** What the product page says of what the buyer gets: "Caught today", "Best before 8 Dec". */
export interface BatchWords {
  /** The batch the words are of (a seller's batch says where it comes from: core/sellers/origins.ts). */
  batchId: number;
  age: string;
  bestBefore: string | null;
}

/** The words for the batch the next buyer gets, as of `now` in Lagos; null without one. */
export async function nextBatchWords(
  db: Db,
  productId: number,
  now = new Date(),
): Promise<BatchWords | null> {
  const batch = await nextBatchOf(db, productId);
  if (!batch) return null;
  return {
    batchId: batch.id,
    age: batchAge(batch, shopDay(now)),
    bestBefore: batch.bestBefore ? `Best before ${dayMonth(batch.bestBefore)}` : null,
  };
}
