import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, products } from '../../db/schema';
import type { HoldState } from '../../db/schema/enums';
import { Conflict } from '../errors';
import { NOT_ENOUGH_STOCK_TITLE, notEnoughStock, stockFor, type CountedStock } from './rules';

/**
 * A counted product's stock (`stock_on_hand`, `stock_held`) and, for it, `in_stock` have one writer:
 * core/stock/. Orders move it here — a new order holds its lines, paying keeps the hold as a sale, an
 * order that ends unpaid (or is refunded in full before it leaves the shop) releases it — each line one
 * conditional UPDATE, never a read then a write, so orders placed at once can never take more than is
 * on hand. Lines are visited in product order, so two orders never wait on each other's rows.
 * core/orders/lifecycle.ts decides when (transitions.ts `holds`); the owner's changes are management.ts.
 */

/** `in_stock` of a counted product once its stock is as the SET's other expressions make it. */
export function inStockWhen(onHand: SQL, held: SQL): SQL {
  return sql`(${onHand}) - (${held}) >= case when ${products.stockUnit} = 'kg' then ${products.weightGrams} else 1 end`;
}

const onHand = sql`${products.stockOnHand}`;
const held = sql`${products.stockHeld}`;

interface HeldLine {
  product: CountedStock & { id: number; name: string };
  quantity: number;
}

/**
 * Holds the stock of each counted line of a new order, in the caller's (placing) transaction. A line
 * that no longer fits throws Conflict with the buyer's words, and the transaction is rolled back.
 */
export async function holdStock(tx: Tx, lines: HeldLine[]): Promise<void> {
  const counted = lines
    .filter((l) => l.product.stockUnit !== null)
    .sort((a, b) => a.product.id - b.product.id);
  for (const { product, quantity } of counted) {
    const amount = stockFor(product, quantity);
    const [heldRow] = await tx
      .update(products)
      .set({
        stockHeld: sql`${held} + ${amount}`,
        inStock: inStockWhen(onHand, sql`${held} + ${amount}`),
      })
      .where(
        and(
          eq(products.id, product.id),
          eq(products.stockUnit, product.stockUnit!),
          sql`${onHand} - ${held} >= ${amount}`,
        ),
      )
      .returning({ id: products.id });
    if (heldRow) continue;
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
      (now && notEnoughStock(now, quantity)) ??
      `${product.name} is out of stock. Please remove it from your cart.`;
    throw new Conflict(message, NOT_ENOUGH_STOCK_TITLE);
  }
}

/** Whether an order's new lines count any stock: the state it is placed with. */
export function holdsOf(lines: { product: Pick<CountedStock, 'stockUnit'> }[]): HoldState {
  return lines.some((l) => l.product.stockUnit !== null) ? 'held' : 'none';
}

/** The counted lines of an order, in product order. */
async function countedLines(tx: Tx, orderId: string) {
  return tx
    .select({
      productId: orderItems.productId,
      stockUnit: orderItems.stockUnit,
      quantity: orderItems.stockQuantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), gt(orderItems.stockQuantity, 0)))
    .orderBy(asc(orderItems.productId));
}

type StockMove = (amount: number) => { stockOnHand?: SQL; stockHeld?: SQL };

/** What each change of an order does to a line's product (counted in the same unit as when placed). */
const MOVES = {
  /** Paid: what was held leaves the shop's stock as sold. */
  keep: (amount) => ({
    stockOnHand: sql`greatest(${onHand} - ${amount}, 0)`,
    stockHeld: sql`greatest(${held} - ${amount}, 0)`,
  }),
  /** Ended unpaid: the hold is given back. */
  'release-held': (amount) => ({ stockHeld: sql`greatest(${held} - ${amount}, 0)` }),
  /** Refunded in full before it left the shop: what was sold is back on hand. */
  'release-kept': (amount) => ({ stockOnHand: sql`${onHand} + ${amount}` }),
  /** A late payment of a released order: sold from what is on hand (the money came). */
  'take-again': (amount) => ({ stockOnHand: sql`greatest(${onHand} - ${amount}, 0)` }),
} satisfies Record<string, StockMove>;

export type HoldMove = keyof typeof MOVES;

/**
 * Applies one of the lifecycle's hold changes to the order's counted lines, in the caller's transaction
 * (core/orders/lifecycle.ts, with the order locked). Returns the products a late payment took more of
 * than was free (on hand less held), so the shop can be told it is short.
 */
export async function moveOrderStock(tx: Tx, orderId: string, move: HoldMove): Promise<number[]> {
  const short: number[] = [];
  for (const line of await countedLines(tx, orderId)) {
    if (line.productId === null || line.stockUnit === null) continue;
    const change: ReturnType<StockMove> = MOVES[move](line.quantity);
    const set = {
      ...change,
      inStock: inStockWhen(change.stockOnHand ?? onHand, change.stockHeld ?? held),
    };
    // Only while the product is still counted in the line's unit: stock recounted since is the owner's.
    const sameCount = and(eq(products.id, line.productId), eq(products.stockUnit, line.stockUnit));
    if (move === 'take-again') {
      const fits = await tx
        .update(products)
        .set(set)
        .where(and(sameCount, sql`${onHand} - ${held} >= ${line.quantity}`))
        .returning({ id: products.id });
      if (fits.length > 0) continue;
      short.push(line.productId);
    }
    await tx.update(products).set(set).where(sameCount);
  }
  return short;
}
