import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { products, stockBatches } from './catalog';
import { orderItems, orderRefunds, orders } from './commerce';
import { LEDGER_KINDS, OFFER_STATUSES, PAYOUT_STATUSES, SELLER_STATUSES } from './enums';
import { farmCycles, farms } from './farm';

/*
 * Sellers (issue 51 §1, docs/sellers.md, docs/decisions/060): a farm's owner who applied to sell their
 * harvest here. core/sellers/ is the only writer. Offers, the ledger and payouts reference `sellers.id`.
 */

export const sellerStatus = pgEnum('seller_status', SELLER_STATUSES);

export const sellers = pgTable(
  'sellers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Null once the account is deleted: the record stays for the shop's books of the seller's sales, its
     * phone and bank details cleared (closeSellerOfDeletedAccount in core/sellers/service.ts).
     */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Null once the farm went with its owner's account. */
    farmId: integer('farm_id').references(() => farms.id, { onDelete: 'set null' }),
    businessName: text('business_name').notNull(),
    /** E.164 (core/phone.ts). */
    phone: text('phone').notNull(),
    status: sellerStatus('status').notNull().default('applied'),
    /** Whole percent the shop keeps of the seller's sales; null until approved (then the default or the owner's). */
    commissionPercent: integer('commission_percent'),
    /** Paystack's bank code, its name as Paystack lists it, the account number and the name Paystack resolved. */
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** Paystack's transfer recipient (RCP_…), made once on approval and again after a bank change. */
    recipientCode: text('recipient_code'),
    /** After a bank change no payout leaves before this time. */
    payoutsHeldUntil: timestamp('payouts_held_until', { withTimezone: true }),
    declineReason: text('decline_reason'),
    suspendReason: text('suspend_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active application or seller per user (a declined one may apply again).
    uniqueIndex('sellers_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} <> 'declined'`),
    index('sellers_status_created_idx').on(t.status, t.createdAt.desc()),
    check(
      'sellers_commission_range',
      sql`${t.commissionPercent} is null or ${t.commissionPercent} between 0 and 100`,
    ),
    // A closed seller's (account deleted) is cleared.
    check(
      'sellers_account_number_nuban',
      sql`${t.accountNumber} ~ '^[0-9]{10}$' or (${t.userId} is null and ${t.accountNumber} = '')`,
    ),
  ],
);

export const offerStatus = pgEnum('offer_status', OFFER_STATUSES);

/**
 * A seller's harvest offered to the shop (issue 51 §2): a catalogue product, how much (in the product's
 * stock unit: grams for a product counted by the kg, fish for one counted by units), when it was or will
 * be harvested, the price buyers pay per kg (or per fish) and the day it is brought to the hub. The shop
 * accepts, counters or declines; receiving it at the hub makes the stock batch (`batch_id`). Written only
 * by core/sellers/offers.ts.
 */
export const sellerOffers = pgTable(
  'seller_offers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** The farm-book cycle it comes from, when the seller chose one (its record is shown to buyers). */
    cycleId: integer('cycle_id').references(() => farmCycles.id, { onDelete: 'set null' }),
    /** Offered, in the product's stock unit (grams or fish). */
    quantity: integer('quantity').notNull(),
    harvestedOn: date('harvested_on', { mode: 'string' }).notNull(),
    /** The day the seller brings it to the hub in Port Harcourt. */
    bringOn: date('bring_on', { mode: 'string' }).notNull(),
    /** What buyers pay per kg (or per fish), as the seller offered it; the shop keeps its commission out of it. */
    priceKobo: integer('price_kobo').notNull(),
    /** The shop's counter-offer of that price, while countered (and kept once taken or refused). */
    counterPriceKobo: integer('counter_price_kobo'),
    status: offerStatus('status').notNull().default('offered'),
    /** Why the shop declined it. */
    declineReason: text('decline_reason'),
    /** What was actually brought (short weight), in the stock unit; set on receiving. */
    receivedQuantity: integer('received_quantity'),
    /** The stock batch receiving made of it. */
    batchId: integer('batch_id')
      .unique()
      .references(() => stockBatches.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_offers_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('seller_offers_status_bring_idx').on(t.status, t.bringOn),
    index('seller_offers_product_idx').on(t.productId),
    check('seller_offers_quantity_positive', sql`${t.quantity} > 0`),
    check('seller_offers_price_positive', sql`${t.priceKobo} > 0`),
    check('seller_offers_counter_positive', sql`${t.counterPriceKobo} is null or ${t.counterPriceKobo} > 0`),
    check(
      'seller_offers_received_within',
      sql`${t.receivedQuantity} is null or (${t.receivedQuantity} > 0 and ${t.receivedQuantity} <= ${t.quantity})`,
    ),
    check('seller_offers_harvest_before_bring', sql`${t.harvestedOn} <= ${t.bringOn}`),
    check('seller_offers_received_has_batch', sql`(${t.status} = 'received') = (${t.batchId} is not null)`),
  ],
);

/**
 * A payout run (issue 51 §5): the weekly schedule's or the owner's, who started it (null: the schedule)
 * and what it queued. Written only by core/sellers/payouts.ts.
 */
export const payoutRuns = pgTable('payout_runs', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  startedBy: text('started_by').references(() => user.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many payouts it queued and their total, once it has queued them. */
  payouts: integer('payouts').notNull().default(0),
  totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
});

export const payoutStatus = pgEnum('payout_status', PAYOUT_STATUSES);

/**
 * One transfer of a seller's payable balance (issue 51 §5, docs/sellers.md "Payouts"): our `reference`
 * goes to Paystack with every try, so a retry can never pay twice. The ledger's payout row takes the
 * amount out of what is owed when the payout is made; a failed or reversed transfer writes the row that
 * gives it back (both through core/sellers/ledger.ts). Written only by core/sellers/payouts.ts.
 */
export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    runId: integer('run_id').references(() => payoutRuns.id, { onDelete: 'set null' }),
    /** Ours, lowercase letters, digits and dashes (what Paystack takes); unique for ever. */
    reference: text('reference').notNull().unique(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The transfer recipient it is paid to, as it was when the payout was made. */
    recipientCode: text('recipient_code').notNull(),
    status: payoutStatus('status').notNull().default('queued'),
    /** Paystack's TRF_… once it has the transfer. */
    transferCode: text('transfer_code'),
    /** Why it failed or was reversed, or what waits (an OTP), as the owner reads it. */
    reason: text('reason'),
    /** Tries at sending it; from the second on, the provider is asked first whether it has the reference. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a transfer was first asked of Paystack for it: from then on, until a day has passed, the payout
     * is never failed on our side (a try whose answer was lost may still land); only Paystack's news ends it.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** When a queued payout is (re)sent next: a sender's claim moves it on, so two senders rarely meet. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('seller_payouts_seller_idx').on(t.sellerId, t.createdAt.desc()),
    index('seller_payouts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    // One payout on its way per seller: a second run finds the first and pays nothing more.
    uniqueIndex('seller_payouts_one_open')
      .on(t.sellerId)
      .where(sql`${t.status} in ('queued', 'pending', 'otp')`),
    check('seller_payouts_amount_positive', sql`${t.amountKobo} > 0`),
    check('seller_payouts_reference_form', sql`${t.reference} ~ '^[a-z0-9-]{16,50}$'`),
  ],
);

export const ledgerKind = pgEnum('seller_ledger_kind', LEDGER_KINDS);

/**
 * What each seller is owed (issue 51 §4, docs/sellers.md "What a seller is owed"): rows only added,
 * never changed or removed, all in kobo. A delivered line credits the seller its part of the line at
 * the buyer's price (`gross_kobo`) less the shop's commission; a refund of the line takes back its
 * share (negative rows), a refund that failed gives it back. `amount_kobo` is the seller's:
 * gross − commission. A row counts toward a payout from `available_at`: the claim window's end for a
 * sale and what corrects it. Written only by core/sellers/ledger.ts.
 */
export const sellerLedger = pgTable(
  'seller_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    kind: ledgerKind('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    /** The seller's batch the line drew from (its offer names the farm and the harvest). */
    batchId: integer('batch_id').references(() => stockBatches.id, { onDelete: 'restrict' }),
    /** The refund whose request (or failure) wrote a refund row. */
    refundId: bigint('refund_id', { mode: 'number' }).references(() => orderRefunds.id, {
      onDelete: 'restrict',
    }),
    /** The payout a payout or payout_returned row is of. */
    payoutId: integer('payout_id').references(() => sellerPayouts.id, { onDelete: 'restrict' }),
    grossKobo: bigint('gross_kobo', { mode: 'number' }).notNull(),
    commissionKobo: bigint('commission_kobo', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The commission that applied, in whole percent (what the seller's statement shows). */
    commissionPercent: integer('commission_percent').notNull(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_ledger_seller_idx').on(t.sellerId, t.availableAt),
    index('seller_ledger_order_idx').on(t.orderId),
    // A line's part from one batch is sold once.
    uniqueIndex('seller_ledger_one_sale')
      .on(t.orderItemId, t.batchId)
      .where(sql`${t.kind} = 'sale'`),
    check(
      'seller_ledger_amount_is_gross_less_commission',
      sql`${t.amountKobo} = ${t.grossKobo} - ${t.commissionKobo}`,
    ),
    // A payout is taken out once and given back at most once.
    uniqueIndex('seller_ledger_one_per_payout')
      .on(t.payoutId, t.kind)
      .where(sql`${t.payoutId} is not null`),
    check(
      'seller_ledger_payout_rows',
      sql`(${t.kind} in ('payout', 'payout_returned')) = (${t.payoutId} is not null)`,
    ),
    check('seller_ledger_commission_range', sql`${t.commissionPercent} between 0 and 100`),
    check(
      'seller_ledger_line_rows',
      sql`${t.kind} not in ('sale', 'refund', 'refund_failed') or (${t.orderItemId} is not null and ${t.batchId} is not null)`,
    ),
  ],
);
