import { and, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  orderClaims,
  orderItems,
  orderRefunds,
  sellerLedger,
  sellerOffers,
  stockDraws,
} from '../../db/schema';
import type { ClaimStatus } from '../../db/schema/enums';
import { NotFound } from '../errors';
import { formatNaira } from '../money';
import { shortOrderId } from '../notifications/messages';

/**
 * Freshness claims on a seller's lines (issue 51 §6): each claim that names an order line drawn from one of
 * their batches, as the seller's area shows it. The seller reads the order's number, their claimed lines,
 * the buyer's words about the fish, where the claim stands and what an approval took from what they are
 * owed; never the buyer's name, phone, e-mail or address (nothing here reads them), nor the shop's note to
 * the buyer. The photo is the claim's own (stored once, core/orders/claims.ts), handed out only after
 * `claimPhotoForSeller` has found the claim on the seller's line.
 */

/** One answer for a claim that is not there and one on someone else's lines: neither says which. */
export const SELLER_CLAIM_NOT_FOUND = 'This claim does not exist.';

/** Whether the claim in the outer query names a line that drew from one of the seller's batches. */
function onSellersLine(db: Db, sellerId: number) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(stockDraws)
      .innerJoin(sellerOffers, eq(sellerOffers.batchId, stockDraws.batchId))
      .innerJoin(orderItems, eq(orderItems.id, stockDraws.orderItemId))
      .where(
        and(
          eq(sellerOffers.sellerId, sellerId),
          eq(orderItems.orderId, orderClaims.orderId),
          // The claim's lines are [{ itemId, quantity }]: this one among them.
          sql`${orderClaims.lines} @> jsonb_build_array(jsonb_build_object('itemId', ${orderItems.id}))`,
        ),
      ),
  );
}

export interface SellerClaim {
  id: number;
  order: string;
  status: ClaimStatus;
  createdAt: Date;
  /** What the buyer wrote about the fish. */
  description: string;
  /** The seller's own lines the claim names, with how many of each were claimed. */
  lines: { productName: string; quantity: number }[];
  /** What the approval took back from what the seller is owed (their share less its commission); 0 otherwise. */
  takenKobo: number;
}

/** Where the claim stands, in the seller's words. */
export function sellerClaimOutcome(claim: Pick<SellerClaim, 'status' | 'takenKobo'>): string {
  if (claim.status === 'open') return 'Waiting for the shop’s decision';
  if (claim.status === 'declined') return 'Declined: nothing taken from what you are owed';
  return claim.takenKobo > 0
    ? `Approved: ${formatNaira(claim.takenKobo)} taken from what you are owed`
    : 'Approved: nothing taken from what you are owed';
}

/** The claims on the seller's lines, newest first. */
export async function sellerClaims(db: Db, sellerId: number, limit = 50): Promise<SellerClaim[]> {
  const claims = await db
    .select({
      id: orderClaims.id,
      orderId: orderClaims.orderId,
      lines: orderClaims.lines,
      description: orderClaims.description,
      status: orderClaims.status,
      createdAt: orderClaims.createdAt,
    })
    .from(orderClaims)
    .where(onSellersLine(db, sellerId))
    .orderBy(desc(orderClaims.createdAt), desc(orderClaims.id))
    .limit(limit);
  if (claims.length === 0) return [];
  const [items, taken] = await Promise.all([
    // The seller's lines of those orders (a line drawn from two of their batches is one line).
    db
      .selectDistinct({ id: orderItems.id, productName: orderItems.productName })
      .from(stockDraws)
      .innerJoin(sellerOffers, eq(sellerOffers.batchId, stockDraws.batchId))
      .innerJoin(orderItems, eq(orderItems.id, stockDraws.orderItemId))
      .where(
        and(
          eq(sellerOffers.sellerId, sellerId),
          inArray(
            orderItems.orderId,
            claims.map((claim) => claim.orderId),
          ),
        ),
      ),
    // The ledger's rows of each approved claim's refund for this seller (a failed refund's give it back).
    db
      .select({ claimId: orderRefunds.claimId, kobo: sql<string>`sum(${sellerLedger.amountKobo})` })
      .from(sellerLedger)
      .innerJoin(orderRefunds, eq(orderRefunds.id, sellerLedger.refundId))
      .where(
        and(
          eq(sellerLedger.sellerId, sellerId),
          inArray(
            orderRefunds.claimId,
            claims.map((claim) => claim.id),
          ),
        ),
      )
      .groupBy(orderRefunds.claimId),
  ]);
  const names = new Map(items.map((item) => [item.id, item.productName]));
  const takenOf = new Map(taken.map((row) => [row.claimId, -Number(row.kobo)]));
  return claims.map((claim) => ({
    id: claim.id,
    order: shortOrderId(claim.orderId),
    status: claim.status,
    createdAt: claim.createdAt,
    description: claim.description,
    lines: claim.lines
      .filter((line) => names.has(line.itemId))
      .map((line) => ({ productName: names.get(line.itemId)!, quantity: line.quantity })),
    takenKobo: Math.max(0, takenOf.get(claim.id) ?? 0),
  }));
}

/**
 * The stored photo's address of claim `claimId`, for the seller whose line it names; NotFound for any other
 * claim (another seller's, the shop's own lines', none), so an address tried says nothing of whose it is.
 */
export async function claimPhotoForSeller(db: Db, sellerId: number, claimId: number | null): Promise<string> {
  if (claimId === null) throw new NotFound(SELLER_CLAIM_NOT_FOUND);
  const [claim] = await db
    .select({ photoUrl: orderClaims.photoUrl })
    .from(orderClaims)
    .where(and(eq(orderClaims.id, claimId), onSellersLine(db, sellerId)));
  if (!claim) throw new NotFound(SELLER_CLAIM_NOT_FOUND);
  return claim.photoUrl;
}
