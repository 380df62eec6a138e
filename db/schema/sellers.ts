import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { SELLER_STATUSES } from './enums';
import { farms } from './farm';

/*
 * Sellers (issue 51 §1, docs/sellers.md, docs/decisions/060): a farm's owner who applied to sell their
 * harvest here. core/sellers/ is the only writer. Offers, the ledger and payouts reference `sellers.id`.
 */

export const sellerStatus = pgEnum('seller_status', SELLER_STATUSES);

export const sellers = pgTable(
  'sellers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    farmId: integer('farm_id')
      .notNull()
      .references(() => farms.id, { onDelete: 'restrict' }),
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
    check('sellers_account_number_nuban', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
  ],
);
