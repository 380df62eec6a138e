import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { discountCodes } from '../../db/schema';

/**
 * A discount code's count of uses (`used_count`) has this one writer. An order reserves a use when it
 * is placed, keeps it once paid, and gives it back when it ends unpaid or is deleted
 * (core/orders/lifecycle.ts decides when). Each is one conditional UPDATE, so checkouts running at once
 * can never pass a code's limit.
 */

/** Reserves one use for a new order: only of a code that is active, unexpired and under its limit. */
export async function reserveCodeUse(tx: Tx, codeId: number): Promise<boolean> {
  const reserved = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        eq(discountCodes.active, true),
        underLimit(),
        sql`(${discountCodes.expiresAt} is null or ${discountCodes.expiresAt} > now())`,
      ),
    )
    .returning({ id: discountCodes.id });
  return reserved.length > 0;
}

/**
 * Counts a use again for a late payment of an order whose use was given back: the money moved, so the
 * order is honoured whatever the code's state; the use is counted only while the limit allows.
 */
export async function countCodeUseAgain(tx: Tx, codeId: number): Promise<boolean> {
  const counted = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), underLimit()))
    .returning({ id: discountCodes.id });
  return counted.length > 0;
}

/** Gives back `uses` uses of a code (never below zero). */
export async function releaseCodeUses(tx: Tx | Db, codeId: number, uses = 1): Promise<void> {
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - ${uses}, 0)` })
    .where(eq(discountCodes.id, codeId));
}

function underLimit() {
  return sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`;
}
