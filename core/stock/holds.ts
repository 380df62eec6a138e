import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { orderItems, products, stockBatches } from '../../db/schema';
import type { HoldState } from '../../db/schema/enums';
import { Conflict } from '../errors';
import { drawFromBatches, drawFromChosen, returnDraws } from './batches';
import { held, inStockWhen, onHand } from './in-stock';
import {
  CHOSEN_BATCH_GONE,
  countedStock,
  NOT_ENOUGH_STOCK_TITLE,
  notEnoughStock,
  stockFor,
  type CountedStock,
} from './rules';

/**
 * A counted product's stock (`stock_on_hand`, `stock_held`) and, for it, `in_stock` have one writer:
 * core/stock/. Orders move it here — a new order holds its lines, paying keeps the hold as a sale, an
 * order that ends unpaid (or is refunded in full before it leaves the shop) releases it — each line one
 * conditional UPDATE, never a read then a write, so orders placed at once can never take more than is
 * on hand. Lines are visited in product order, so two orders never wait on each other's rows.
 * core/orders/lifecycle.ts decides when (transitions.ts `holds`); the owner's changes are batches.ts.
 */

const placeholder = sql.placeholder;

/** The hold of one line: only while what is on hand, less what is held, covers it. */
const holdLine = preparedPerDb((db) =>
  db
    .update(products)
    .set({
      stockHeld: sql`${held} + ${placeholder('amount')}`,
      inStock: inStockWhen(onHand, sql`${held} + ${placeholder('amount')}`),
    })
    .where(
      and(
        eq(products.id, placeholder('id')),
        eq(products.stockUnit, placeholder('unit')),
        sql`${onHand} - ${held} >= ${placeholder('amount')}`,
      ),
    )
    .returning({ id: products.id }),
);

/** A paid line's hold leaves the shop as sold (while the product is counted in the line's unit). */
const sellHeldLine = preparedPerDb((db) => {
  const stockOnHand = sql`greatest(${onHand} - ${placeholder('amount')}, 0)`;
  const stockHeld = sql`greatest(${held} - ${placeholder('amount')}, 0)`;
  return db
    .update(products)
    .set({ stockOnHand, stockHeld, inStock: inStockWhen(stockOnHand, stockHeld) })
    .where(and(eq(products.id, placeholder('productId')), eq(products.stockUnit, placeholder('unit'))))
    .returning({ id: products.id });
});

/**
 * The hold of a line that names its batch (a seller's harvest the buyer chose), once the product's
 * hold is taken (the product's row is locked): only while the batch still sells and what it has left,
 * less what other lines naming it hold, covers it.
 */
const holdChosenBatch = preparedPerDb((db) =>
  db
    .update(stockBatches)
    .set({ quantityHeld: sql`${stockBatches.quantityHeld} + ${placeholder('amount')}` })
    .where(
      and(
        eq(stockBatches.id, placeholder('batchId')),
        eq(stockBatches.productId, placeholder('productId')),
        eq(stockBatches.chosenOnly, true),
        sql`${stockBatches.expiredAt} is null`,
        sql`${stockBatches.quantityLeft} - ${stockBatches.quantityHeld} >= ${placeholder('amount')}`,
      ),
    )
    .returning({ id: stockBatches.id }),
);

/**
 * What the shop's own batches can still give lines that name no batch, once this line's hold is taken
 * (the product's row is locked, so every batch change before it has committed): on hand less held,
 * less what the batches sold only by name have free. Below 0, the hold took a seller's harvest.
 */
const ownFreeAfterHold = preparedPerDb((db) =>
  db
    .select({
      free: sql<number>`${onHand} - ${held} - coalesce((select sum(greatest(${stockBatches.quantityLeft} - ${stockBatches.quantityHeld}, 0))
        from ${stockBatches} where ${stockBatches.productId} = ${products.id} and ${stockBatches.chosenOnly}
        and ${stockBatches.expiredAt} is null), 0)`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.id, placeholder('id'))),
);

interface HeldLine {
  product: Pick<CountedStock, 'stockUnit' | 'weightGrams'> & { id: number; name: string };
  quantity: number;
  /** The batch the buyer chose (sold only by name); none for the shop's own goods. */
  batchId?: number | null;
  /** Whose batch it is, in the buyer's words ("Briggs Farm"). */
  farmName?: string;
}

/**
 * Holds the stock of each counted line of a new order, in the caller's (placing) transaction. A line
 * that no longer fits throws Conflict with the buyer's words, and the transaction is rolled back. A
 * line that names a batch holds it too (the product first, then the batch, as every stock change
 * locks them); one that does not may only take what the shop's own batches have free.
 */
export async function holdStock(tx: Tx, lines: HeldLine[]): Promise<void> {
  const counted = lines
    .filter((l) => l.product.stockUnit !== null)
    .sort((a, b) => a.product.id - b.product.id);
  for (const { product, quantity, batchId, farmName } of counted) {
    const amount = stockFor(product, quantity);
    const [heldRow] = await holdLine(tx).execute({ id: product.id, unit: product.stockUnit, amount });
    if (heldRow && batchId) {
      const [chosen] = await holdChosenBatch(tx).execute({ batchId, productId: product.id, amount });
      if (chosen) continue;
      throw new Conflict(
        await chosenShortWords(tx, product, batchId, quantity, farmName),
        NOT_ENOUGH_STOCK_TITLE,
      );
    }
    if (heldRow) {
      const [own] = await ownFreeAfterHold(tx).execute({ id: product.id });
      if (!own || own.free >= 0) continue;
      const left = {
        stockUnit: product.stockUnit,
        stockAvailable: own.free + amount,
        weightGrams: product.weightGrams,
      };
      throw new Conflict(
        notEnoughStock({ name: product.name, ...left }, quantity) ?? outOfStock(product.name),
        NOT_ENOUGH_STOCK_TITLE,
      );
    }
    // Refused: say how much is left now (read only for the words; nothing was written).
    const [now] = await tx
      .select({
        name: products.name,
        stockUnit: products.stockUnit,
        stockOnHand: products.stockOnHand,
        stockHeld: products.stockHeld,
        weightGrams: products.weightGrams,
      })
      .from(products)
      .where(eq(products.id, product.id));
    const message =
      (now && notEnoughStock({ name: now.name, ...countedStock(now) }, quantity)) ?? outOfStock(product.name);
    throw new Conflict(message, NOT_ENOUGH_STOCK_TITLE);
  }
}

const outOfStock = (name: string) => `${name} is out of stock. Please remove it from your cart.`;

/** The buyer's words when the batch they chose cannot cover the line (read only for the words). */
async function chosenShortWords(
  tx: Tx,
  product: HeldLine['product'],
  batchId: number,
  quantity: number,
  farmName = 'this farm',
): Promise<string> {
  const [batch] = await tx
    .select({
      left: stockBatches.quantityLeft,
      held: stockBatches.quantityHeld,
      expiredAt: stockBatches.expiredAt,
    })
    .from(stockBatches)
    .where(
      and(
        eq(stockBatches.id, batchId),
        eq(stockBatches.productId, product.id),
        eq(stockBatches.chosenOnly, true),
      ),
    );
  if (!batch || batch.expiredAt !== null) return CHOSEN_BATCH_GONE;
  const left = {
    stockUnit: product.stockUnit,
    stockAvailable: Math.max(0, batch.left - batch.held),
    weightGrams: product.weightGrams,
  };
  return notEnoughStock({ name: `${product.name} from ${farmName}`, ...left }, quantity) ?? CHOSEN_BATCH_GONE;
}

/** Whether an order's new lines count any stock: the state it is placed with. */
export function holdsOf(lines: { product: Pick<CountedStock, 'stockUnit'> }[]): HoldState {
  return lines.some((l) => l.product.stockUnit !== null) ? 'held' : 'none';
}

/** The counted lines of an order, in product order. */
const countedLinesOf = preparedPerDb((db) =>
  db
    .select({
      itemId: orderItems.id,
      productId: orderItems.productId,
      stockUnit: orderItems.stockUnit,
      quantity: orderItems.stockQuantity,
      batchId: orderItems.batchId,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, placeholder('orderId')), gt(orderItems.stockQuantity, 0)))
    .orderBy(asc(orderItems.productId)),
);

/**
 * What a change of an order does to its lines' stock: paid ('keep') — what was held leaves the shop
 * as sold, drawn from the oldest batches; ended unpaid ('release-held') — the hold is given back;
 * refunded in full before it left the shop ('release-kept') — what was sold goes back to its batches;
 * a late payment of a released order ('take-again') — sold from what is on hand (the money came).
 */
export type HoldMove = 'keep' | 'release-held' | 'release-kept' | 'take-again';

/**
 * Applies one of the lifecycle's hold changes to the order's counted lines, in the caller's transaction
 * (core/orders/lifecycle.ts, with the order locked). Each product is locked before its batches, as
 * every stock change does. Returns the products a late payment took more of than was free (on hand
 * less held), or a payment found fewer in the batches than on the count, so the shop can be told.
 */
export async function moveOrderStock(tx: Tx, orderId: string, move: HoldMove): Promise<number[]> {
  const short: number[] = [];
  for (const line of await countedLinesOf(tx).execute({ orderId })) {
    if (line.productId === null || line.stockUnit === null) continue;
    // Only while the product is still counted in the line's unit: stock recounted since is the owner's.
    const sameCount = and(eq(products.id, line.productId), eq(products.stockUnit, line.stockUnit));
    const amount = line.quantity;
    if (move === 'release-held') {
      const stockHeld = sql`greatest(${held} - ${amount}, 0)`;
      const [released] = await tx
        .update(products)
        .set({ stockHeld, inStock: inStockWhen(onHand, stockHeld) })
        .where(sameCount)
        .returning({ id: products.id });
      if (released && line.batchId !== null)
        await tx
          .update(stockBatches)
          .set({ quantityHeld: sql`greatest(${stockBatches.quantityHeld} - ${amount}, 0)` })
          .where(eq(stockBatches.id, line.batchId));
      continue;
    }
    if (move === 'release-kept') {
      const [counted] = await tx.select({ id: products.id }).from(products).where(sameCount).for('update');
      if (!counted) continue;
      const back = await returnDraws(tx, line.itemId);
      const stockOnHand = sql`${onHand} + ${back}`;
      await tx
        .update(products)
        .set({ stockOnHand, inStock: inStockWhen(stockOnHand, held) })
        .where(sameCount);
      continue;
    }
    if (move === 'keep') {
      const [sold] = await sellHeldLine(tx).execute({
        productId: line.productId,
        unit: line.stockUnit,
        amount,
      });
      if (sold && (await drawLine(tx, { ...line, productId: line.productId }, amount, true)) > 0)
        short.push(line.productId);
      continue;
    }
    // Sold again after a release: taken from what is free, or else from what is there.
    const stockOnHand = sql`greatest(${onHand} - ${amount}, 0)`;
    const set = { stockOnHand, inStock: inStockWhen(stockOnHand, held) };
    const [sold] = await tx
      .update(products)
      .set(set)
      .where(and(sameCount, sql`${onHand} - ${held} >= ${amount}`))
      .returning({ id: products.id });
    if (!sold) {
      const [anyway] = await tx.update(products).set(set).where(sameCount).returning({ id: products.id });
      if (!anyway) continue;
      short.push(line.productId);
    }
    if (
      (await drawLine(tx, { ...line, productId: line.productId }, amount, false)) > 0 &&
      !short.includes(line.productId)
    )
      short.push(line.productId);
  }
  return short;
}

/**
 * A sold line's stock out of its batches: the batch the buyer chose (its hold, when `wasHeld`, leaves
 * with it), and what that batch no longer has from the shop's own, oldest first. Returns what no batch had.
 */
async function drawLine(
  tx: Tx,
  line: { itemId: number; productId: number; batchId: number | null },
  amount: number,
  wasHeld: boolean,
): Promise<number> {
  const rest =
    line.batchId === null ? amount : await drawFromChosen(tx, line.itemId, line.batchId, amount, wasHeld);
  return rest === 0 ? 0 : drawFromBatches(tx, line.itemId, line.productId, rest);
}
