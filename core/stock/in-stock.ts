import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { products } from '../../db/schema';

/**
 * A counted product's `in_stock` follows its stock: one of it is on hand beyond what is held. Every
 * statement of core/stock/ that moves stock sets it with this expression.
 */

/** `in_stock` of a counted product once its stock is as the SET's other expressions make it. */
export function inStockWhen(onHand: SQL, held: SQL): SQL {
  return sql`(${onHand}) - (${held}) >= case when ${products.stockUnit} = 'kg' then ${products.weightGrams} else 1 end`;
}

/** The product's columns as they stand, for SET expressions. */
export const onHand = sql`${products.stockOnHand}`;
export const held = sql`${products.stockHeld}`;

/** Sets a counted product's `in_stock` from its stock as it stands (after its weight changed). */
export async function refreshInStock(tx: Tx, productId: number) {
  const [product] = await tx
    .update(products)
    .set({ inStock: inStockWhen(onHand, held) })
    .where(eq(products.id, productId))
    .returning();
  return product;
}
