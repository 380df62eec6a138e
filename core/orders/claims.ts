import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderClaims, orderItems, orderRefunds, orders, user } from '../../db/schema';
import { Conflict, DomainError, Invalid, NotFound } from '../errors';
import { LARGEST_WIDTH, variantFile } from '../media/variants';
import { renderImageFiles } from '../media/images';
import type { Storage } from '../media/storage';
import type { AdminActor } from '../roles';
import { checkClaimLines, CLAIM_REFUSALS, openClaimLines, type ClaimPaid } from './claim-window';
import { claimableLines, deliveredAt } from './claim-lines';
import { isOrderId } from '../ids';
import { changeOrder, factsOf } from './lifecycle';
import { refundNow, requestRefundIn, type RefundDeps, type RefundOutcome } from './refunds';
import { claimLineField } from './schemas';
import type { ClaimStatus, RefundedLine, RefundReason } from './statuses';
import { decide } from './transitions';

/**
 * Freshness claims (issue 33, part 4): within its window after "delivered" (claim-window.ts), the
 * buyer reports lines that arrived bad, with a photo stored like a product picture; the owner approves
 * (a partial refund of those lines through the refund path, linked to the claim) or declines with a
 * reason. Every fact is written by the lifecycle (changeOrder): the order's `claim_status`, the claim
 * row, its history event and the buyer's notification, so the table (transitions.ts) decides each.
 */

export interface ClaimDeps extends RefundDeps {
  storage: Storage;
}

const ORDER_NOT_FOUND = 'This order does not exist.';
export const CLAIM_TITLES = { refused: 'Claim not filed', decision: 'Claim not decided' } as const;

export interface ClaimView {
  id: number;
  status: ClaimStatus;
  createdAt: Date;
  description: string;
  photoUrl: string;
  lines: { itemId: number; productName: string; quantity: number }[];
  decisionNote: string | null;
  decidedAt: Date | null;
  /** What the approved claim's refund gives back, once asked for. */
  refundKobo: number | null;
}

async function claimsOf(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ claim: orderClaims, refundKobo: orderRefunds.amountKobo })
    .from(orderClaims)
    .leftJoin(orderRefunds, eq(orderRefunds.claimId, orderClaims.id))
    .where(inArray(orderClaims.orderId, orderIds))
    .orderBy(asc(orderClaims.createdAt), asc(orderClaims.id));
}

function viewOf(row: Awaited<ReturnType<typeof claimsOf>>[number], names: Map<number, string>): ClaimView {
  const { claim } = row;
  return {
    id: claim.id,
    status: claim.status,
    createdAt: claim.createdAt,
    description: claim.description,
    photoUrl: claim.photoUrl,
    lines: claim.lines.map((line) => ({
      itemId: line.itemId,
      productName: names.get(line.itemId) ?? 'An item',
      quantity: line.quantity,
    })),
    decisionNote: claim.decisionNote,
    decidedAt: claim.decidedAt,
    refundKobo: row.refundKobo ?? null,
  };
}

/** What the order page shows of claims: the claims made, and the lines that can still be claimed. */
export interface OrderClaims {
  claims: ClaimView[];
  /** Lines within their window, while the order can take a claim now; empty otherwise. */
  openLines: { id: number; productName: string; quantity: number; until: Date }[];
  /** When the last of the open lines' windows closes (each line says its own). */
  closesAt: Date | null;
}

/** The claims of the buyer's order (their own: the order page has read it already) and what is open. */
export async function orderClaimsFor(db: Db, orderId: string, now = new Date()): Promise<OrderClaims> {
  const [[order], lines, delivered, rows] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)),
    claimableLines(db, orderId),
    deliveredAt(db, orderId),
    claimsOf(db, [orderId]),
  ]);
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const names = new Map(lines.map((line) => [line.id, line.productName]));
  const open = openClaimLines(lines, delivered, now);
  // The form stays while any line's window is open: it closes with the last of them.
  const closesAt = open.length > 0 ? new Date(Math.max(...open.map((line) => line.until.getTime()))) : null;
  const allowed = decide(factsOf(order), { kind: 'claim-file', now, closesAt }).outcome === 'changed';
  return {
    claims: rows.map((row) => viewOf(row, names)),
    openLines: allowed
      ? open.map(({ id, productName, quantity, until }) => ({ id, productName, quantity, until }))
      : [],
    closesAt: allowed ? closesAt : null,
  };
}

/** An order's claims, oldest first, for the admin's order details. */
export async function claimsOfOrder(db: Db, _admin: AdminActor, orderId: string): Promise<ClaimView[]> {
  if (!isOrderId(orderId)) return [];
  const [rows, items] = await Promise.all([
    claimsOf(db, [orderId]),
    db
      .select({ id: orderItems.id, productName: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId)),
  ]);
  const names = new Map(items.map((item) => [item.id, item.productName]));
  return rows.map((row) => viewOf(row, names));
}

export interface ClaimInput {
  lines: RefundedLine[];
  description: string;
  photo: Buffer;
}

/**
 * The buyer files a claim on their own order. The order and lines are checked before the photo is
 * decoded (a refusal costs no image work); the photo is stored like a product picture (core/media:
 * checked by content, at most 5 MB, re-encoded); then the lifecycle decides again under the order's
 * lock, so two claims at once make one. `formatTime` words a window's end for a refusal.
 */
export async function fileClaim(
  deps: ClaimDeps,
  userId: string,
  orderId: string,
  input: ClaimInput,
  formatTime: (at: Date) => string,
  now = new Date(),
): Promise<void> {
  if (!isOrderId(orderId)) throw new NotFound(ORDER_NOT_FOUND);
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw new NotFound(ORDER_NOT_FOUND);
  const [lines, delivered] = await Promise.all([
    claimableLines(deps.db, orderId),
    deliveredAt(deps.db, orderId),
  ]);
  // The order's own state first (not delivered, a claim open…), then the chosen lines and their windows.
  const state = decide(factsOf(order), { kind: 'claim-file', now, closesAt: new Date(now.getTime() + 1) });
  if (state.outcome === 'refused') throw new Conflict(state.message, CLAIM_TITLES.refused);
  const checked = checkClaimLines(lines, input.lines, delivered, now, formatTime);
  if ('refused' in checked) throw new Conflict(checked.refused, CLAIM_TITLES.refused);

  const files = await renderImageFiles(input.photo).catch((error: unknown) => {
    // The picture's reason (not a picture, too large…) beside the claim form's own photo field, under
    // the claim's title: the product form's "Failed to upload image" is not this form's.
    if (DomainError.is(error) && error.kind === 'invalid')
      throw new Invalid(error.message, { photo: [error.message] }, CLAIM_TITLES.refused);
    throw error;
  });
  for (const file of files) await deps.storage.put(file.name, file.body, file.contentType);
  const largest = files.find((file) => file.name.endsWith(variantFile('', LARGEST_WIDTH)))!;
  const photoUrl = deps.storage.url(largest.name);

  await deps.db.transaction((tx) =>
    changeOrder(
      tx,
      deps,
      { id: orderId },
      {
        kind: 'claim-file',
        now,
        closesAt: checked.closesAt,
        lines: checked.lines,
        description: input.description,
        photoUrl,
      },
      { refusedTitle: CLAIM_TITLES.refused, notFound: ORDER_NOT_FOUND },
    ),
  );
}

export interface OpenClaim extends ClaimView {
  orderId: string;
  customer: string | null;
  /**
   * What the buyer paid for the order's goods and lines: the approve form works out with
   * `claimRefundKobo` what the chosen quantities give back, as the refund path will (refund-lines.ts).
   */
  paid: ClaimPaid;
}

/** The dashboard's open claims, oldest first (the most urgent), and how many there are. */
export async function openClaims(
  db: Db,
  _admin: AdminActor,
  limit = 10,
): Promise<{ total: number; claims: OpenClaim[] }> {
  const [[{ total } = { total: 0 }], open] = await Promise.all([
    db.select({ total: count() }).from(orderClaims).where(eq(orderClaims.status, 'open')),
    db
      .select({ id: orderClaims.id, orderId: orderClaims.orderId, customer: user.name })
      .from(orderClaims)
      .innerJoin(orders, eq(orders.id, orderClaims.orderId))
      .leftJoin(user, eq(user.id, orders.userId))
      .where(eq(orderClaims.status, 'open'))
      .orderBy(asc(orderClaims.createdAt), asc(orderClaims.id))
      .limit(limit),
  ]);
  const orderIds = open.map((claim) => claim.orderId);
  if (orderIds.length === 0) return { total, claims: [] };
  const [rows, items, goods] = await Promise.all([
    claimsOf(db, orderIds),
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        quantity: orderItems.quantity,
        totalPriceKobo: orderItems.totalPriceKobo,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds)),
    db
      .select({
        id: orders.id,
        subtotalKobo: orders.subtotalKobo,
        discountKobo: orders.discountKobo,
        discountType: orders.discountType,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
  ]);
  const names = new Map(items.map((item) => [item.id, item.productName]));
  const byId = new Map(rows.map((row) => [row.claim.id, row]));
  const goodsOf = new Map(goods.map(({ id, ...paid }) => [id, paid]));
  return {
    total,
    claims: open.map((claim) => {
      const view = viewOf(byId.get(claim.id)!, names);
      const claimed = new Set(view.lines.map((line) => line.itemId));
      return {
        ...view,
        orderId: claim.orderId,
        customer: claim.customer,
        paid: {
          goods: goodsOf.get(claim.orderId)!,
          lines: items
            .filter((item) => claimed.has(item.id))
            .map(({ id, productName, quantity, totalPriceKobo }) => ({
              id,
              productName,
              quantity,
              totalPriceKobo,
            })),
        },
      };
    }),
  };
}

/**
 * The buyer's order page, as the browser posts its form (with `.data` once scripts run): the one path
 * where a claim's photo is sent, so the server lets its owner send a picture's 5 MB there.
 */
export const CLAIM_PHOTO_PATH = /^\/account\/orders\/([0-9a-fA-F-]{36})(?:\.data)?$/;

/** Whether `userId` may send a claim's photo for `orderId`: their own order, paid and delivered. */
export async function mayUploadClaimPhoto(db: Db, userId: string, orderId: string): Promise<boolean> {
  if (!isOrderId(orderId)) return false;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        eq(orders.paymentStatus, 'success'),
      ),
    );
  return order !== undefined;
}

/** The open claim `claimId` of `orderId`, locked; a stale form (decided already) is refused. */
async function openClaim(tx: Tx, orderId: string, claimId: number) {
  const [claim] = await tx
    .select()
    .from(orderClaims)
    .where(and(eq(orderClaims.id, claimId), eq(orderClaims.orderId, orderId)))
    .for('update');
  if (!claim) throw new NotFound('This claim does not exist.');
  if (claim.status !== 'open') throw new Conflict(CLAIM_REFUSALS.notOpen, CLAIM_TITLES.decision);
  return claim;
}

export const CLAIM_DECISION_REFUSALS = {
  moreThanClaimed: (productName: string, claimed: number) =>
    `The buyer claimed ${claimed} of ${productName}: approve at most that many.`,
  notClaimed: 'Approve only lines the buyer claimed.',
  nothing: 'Approve at least one of the claimed items, or decline the claim.',
} as const;

/**
 * The owner approves a claim: in one transaction the claim is approved (the buyer told) and a refund
 * of its lines is asked for through the refund path (refunds.ts), linked to the claim; then, as the
 * Refund button does, the provider is asked at once (refundNow). The lines default to the claim's; the
 * owner may give back fewer. A refund the table refuses (one under way) leaves the claim open.
 */
export async function approveClaim(
  deps: RefundDeps,
  admin: AdminActor,
  decision: {
    orderId: string;
    claimId: number;
    reason: RefundReason;
    lines?: RefundedLine[];
    note: string | null;
  },
): Promise<RefundOutcome> {
  const asked = await deps.db.transaction(async (tx) => {
    const claim = await openClaim(tx, decision.orderId, decision.claimId);
    const claimed = new Map(claim.lines.map((line) => [line.itemId, line.quantity]));
    const lines = decision.lines ?? claim.lines;
    // Bad input, not a failed refund: refused as such, beside the line's field, and nothing is asked.
    if (!lines.some((line) => line.quantity > 0))
      throw new Invalid(CLAIM_DECISION_REFUSALS.nothing, {}, CLAIM_TITLES.decision);
    for (const line of lines) {
      const most = claimed.get(line.itemId);
      if (most === undefined)
        throw new Invalid(
          CLAIM_DECISION_REFUSALS.notClaimed,
          { [claimLineField(line.itemId)]: [CLAIM_DECISION_REFUSALS.notClaimed] },
          CLAIM_TITLES.decision,
        );
      if (line.quantity > most) {
        const [item] = await tx
          .select({ productName: orderItems.productName })
          .from(orderItems)
          .where(eq(orderItems.id, line.itemId));
        const message = CLAIM_DECISION_REFUSALS.moreThanClaimed(item?.productName ?? 'this item', most);
        throw new Invalid(message, { [claimLineField(line.itemId)]: [message] }, CLAIM_TITLES.decision);
      }
    }
    await changeOrder(
      tx,
      deps,
      { id: decision.orderId },
      { kind: 'claim-decide', outcome: 'approved', note: decision.note },
      { admin, refusedTitle: CLAIM_TITLES.decision, notFound: ORDER_NOT_FOUND },
    );
    return requestRefundIn(tx, deps, admin, decision.orderId, {
      reason: decision.reason,
      lines,
      note: decision.note,
      claimId: claim.id,
    });
  });
  return refundNow(deps, asked);
}

/** The owner declines a claim with a reason, which the buyer is told. */
export async function declineClaim(
  deps: RefundDeps,
  admin: AdminActor,
  decision: { orderId: string; claimId: number; note: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await openClaim(tx, decision.orderId, decision.claimId);
    await changeOrder(
      tx,
      deps,
      { id: decision.orderId },
      { kind: 'claim-decide', outcome: 'declined', note: decision.note },
      { admin, refusedTitle: CLAIM_TITLES.decision, notFound: ORDER_NOT_FOUND },
    );
  });
}
