import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  primaryKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { products, stockBatches, stockUnit } from './catalog';
import {
  DELIVERY_METHODS,
  DISCOUNT_TYPES,
  HOLD_STATES,
  ORDER_EVENT_KINDS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type CancelReason,
  type ClaimStatus,
  type RefundReason,
  type RefundedLine,
  type RefundStatus,
} from './enums';

export const deliveryMethod = pgEnum('delivery_method', DELIVERY_METHODS);
export const discountType = pgEnum('discount_type', DISCOUNT_TYPES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const orderEventKind = pgEnum('order_event_kind', ORDER_EVENT_KINDS);
export const holdState = pgEnum('hold_state', HOLD_STATES);

export const deliveryRates = pgTable(
  'delivery_rates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    location: text('location').notNull(),
    method: deliveryMethod('method').notNull(),
    baseRateKobo: bigint('base_rate_kobo', { mode: 'number' }).notNull(),
    /** Meaningful only for pickup (spec §3). */
    pickupLocations: text('pickup_locations')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Delivery is free when the goods (less any discount) come to at least this; null: never free by
     * amount. Not for pickup (core/checkout/pricing.ts, decision 045).
     */
    freeFromKobo: bigint('free_from_kobo', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_rates_base_rate_not_negative', sql`${t.baseRateKobo} >= 0`),
    check(
      'delivery_rates_free_from_sensible',
      sql`${t.freeFromKobo} is null or (${t.freeFromKobo} > 0 and ${t.method} <> 'pickup')`,
    ),
    check('delivery_rates_location_not_blank', sql`length(trim(${t.location})) > 0`),
    // One rate per location and method; "Lagos" and "lagos" are the same place.
    uniqueIndex('delivery_rates_location_method_unique').on(sql`lower(${t.location})`, t.method),
  ],
);

/**
 * A delivery slot the owner offers in a location, every day (core/delivery/slots.ts): its window and
 * cut-off in Africa/Lagos time, as minutes after midnight, and how many orders its riders can take.
 * The cut-off is `cutoff_minute` on the slot's day, or on the day before when `cutoff_days_before` is 1.
 */
export const deliverySlots = pgTable(
  'delivery_slots',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    location: text('location').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    cutoffDaysBefore: integer('cutoff_days_before').notNull().default(0),
    cutoffMinute: integer('cutoff_minute').notNull(),
    capacity: integer('capacity').notNull(),
    /** A closed slot is no longer offered; its booked days stay (their orders and dispatch sheets). */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('delivery_slots_location_not_blank', sql`length(trim(${t.location})) > 0`),
    check(
      'delivery_slots_window',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
    check(
      'delivery_slots_cutoff',
      sql`${t.cutoffDaysBefore} in (0, 1) and ${t.cutoffMinute} >= 0 and ${t.cutoffMinute} < 1440 and (${t.cutoffDaysBefore} = 1 or ${t.cutoffMinute} <= ${t.startMinute})`,
    ),
    check('delivery_slots_capacity_positive', sql`${t.capacity} > 0`),
    index('delivery_slots_location_idx').on(sql`lower(${t.location})`),
  ],
);

/**
 * One slot on one day (Africa/Lagos date), made when its first order books it: `booked` counts the orders
 * that hold or kept a place (core/delivery/slot-bookings.ts is its one writer; one conditional UPDATE
 * books, never past the slot's capacity).
 */
export const deliverySlotDays = pgTable(
  'delivery_slot_days',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slotId: integer('slot_id')
      .notNull()
      .references(() => deliverySlots.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    check('delivery_slot_days_booked_not_negative', sql`${t.booked} >= 0`),
    uniqueIndex('delivery_slot_days_slot_day_unique').on(t.slotId, t.day),
    index('delivery_slot_days_day_idx').on(t.day),
  ],
);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    active: boolean('active').notNull().default(true),
    type: discountType('type').notNull(),
    discountPercent: integer('discount_percent'),
    discountAmountKobo: bigint('discount_amount_kobo', { mode: 'number' }),
    minOrderAmountKobo: bigint('min_order_amount_kobo', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    /** Reserved (pending payment) plus confirmed uses; never above usage_limit. */
    usedCount: integer('used_count').notNull().default(0),
    locationRestriction: text('location_restriction'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    check(
      'discount_codes_code_upper',
      sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 50`,
    ),
    check(
      'discount_codes_percent_range',
      sql`${t.discountPercent} is null or ${t.discountPercent} between 0 and 100`,
    ),
    check(
      'discount_codes_amount_not_negative',
      sql`${t.discountAmountKobo} is null or ${t.discountAmountKobo} >= 0`,
    ),
    check(
      'discount_codes_min_not_negative',
      sql`${t.minOrderAmountKobo} is null or ${t.minOrderAmountKobo} >= 0`,
    ),
    check('discount_codes_limit_not_negative', sql`${t.usageLimit} is null or ${t.usageLimit} >= 0`),
    check(
      'discount_codes_used_within_limit',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/**
 * Unknown discount codes a shopper has tried in the current window (core/discounts/guessing.ts):
 * one row per shopper, so guessing codes is limited on every server that shares the database.
 */
export const discountCodeGuesses = pgTable('discount_code_guesses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  guesses: integer('guesses').notNull(),
  /** The last code that did not exist: asking about it again tells nothing new and is not counted. */
  lastUnknownCode: text('last_unknown_code'),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The customer; null once their account is deleted (core/accounts/deletion.ts): a paid order stays
     * in the books with its personal fields cleared.
     */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: orderStatus('status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('pending'),
    /** Why a cancelled order is (core/orders/statuses.ts CANCEL_REASONS); null while it is not. */
    cancelReason: text('cancel_reason').$type<CancelReason>(),
    paymentReference: text('payment_reference').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    subtotalKobo: bigint('subtotal_kobo', { mode: 'number' }).notNull(),
    deliveryFeeKobo: bigint('delivery_fee_kobo', { mode: 'number' }).notNull(),
    discountKobo: bigint('discount_kobo', { mode: 'number' }).notNull().default(0),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    shippingName: text('shipping_name').notNull(),
    shippingPhone: text('shipping_phone').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    /**
     * What the admin's order search matches besides the id (spec §5): recipient name, address and
     * phone, lower-cased and stored by PostgreSQL (docs/decisions/008), under a trigram index.
     */
    recipientSearch: text('recipient_search').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${orders.shippingName} || ' ' || ${orders.shippingAddress} || ' ' || ${orders.shippingPhone})`,
    ),
    deliveryMethod: deliveryMethod('delivery_method').notNull().default('standard'),
    deliveryLocation: text('delivery_location').notNull().default('Port Harcourt'),
    pickupLocation: text('pickup_location'),
    totalWeightGrams: integer('total_weight_grams').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    /**
     * The code and its type as they were when the order was placed: an order keeps its discount, and
     * says which it was, after the code is edited or deleted.
     */
    discountCode: text('discount_code'),
    discountType: discountType('discount_type'),
    /**
     * Whether this order's use of its code is counted in discount_codes.used_count: reserved while it
     * waits for payment (until released), kept once paid.
     */
    discountUseHeld: boolean('discount_use_held').notNull().default(false),
    /**
     * What the order does with the stock of its counted lines (core/stock/holds.ts; the lifecycle
     * decides when): held while unpaid, kept once paid, released when it ends unpaid or is refunded in
     * full before it leaves the shop.
     */
    holds: holdState('holds').notNull().default('none'),
    /**
     * The delivery slot (one day of it) the order booked, and its window as booked: the booking follows
     * `holds` (core/delivery/slot-bookings.ts). Null for a method or location without slots.
     */
    deliverySlotDayId: integer('delivery_slot_day_id').references(() => deliverySlotDays.id, {
      onDelete: 'set null',
    }),
    deliverySlotStartsAt: timestamp('delivery_slot_starts_at', { withTimezone: true }),
    deliverySlotEndsAt: timestamp('delivery_slot_ends_at', { withTimezone: true }),
    /** The checkout visit's key (one order per submission) and what was submitted under it. */
    idempotencyKey: text('idempotency_key'),
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** Where the shopper pays this order, as the provider answered when it was placed. */
    paymentAuthorizationUrl: text('payment_authorization_url'),
    paymentAccessCode: text('payment_access_code'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the buyer was reminded to pay (issue 35): once, by the lifecycle's `remind`. */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    /**
     * A refund of a paid order (core/orders/refunds.ts): 'requested' while the provider is asked (it
     * claims the order, so a second request finds it taken; the job queue asks), then what the
     * provider says; why it refused, when it did.
     */
    refundStatus: text('refund_status').$type<RefundStatus>(),
    /** Refunded so far: what the provider accepted to give back (on its way or arrived). */
    refundedKobo: bigint('refunded_kobo', { mode: 'number' }),
    /** What the refund under way ('requested' or 'pending') is for; 0 when none is. */
    refundingKobo: bigint('refunding_kobo', { mode: 'number' }).notNull().default(0),
    refundReference: text('refund_reference'),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundFailure: text('refund_failure'),
    /** The latest freshness claim's status (core/orders/claims.ts); null when none was filed. */
    claimStatus: text('claim_status').$type<ClaimStatus>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('orders_payment_reference_unique').on(t.paymentReference),
    check(
      'orders_cancel_reason_known',
      sql`(${t.cancelReason} is null) = (${t.status} <> 'cancelled') and (${t.cancelReason} is null or ${t.cancelReason} in ('shopper', 'declined', 'unpaid', 'replaced', 'shop', 'refunded'))`,
    ),
    check(
      'orders_refunds_within_payment',
      sql`coalesce(${t.refundedKobo}, 0) >= 0 and ${t.refundingKobo} >= 0 and coalesce(${t.refundedKobo}, 0) <= ${t.totalKobo}`,
    ),
    check(
      'orders_claim_status_known',
      sql`${t.claimStatus} is null or ${t.claimStatus} in ('open', 'approved', 'declined')`,
    ),
    check(
      'orders_refund_status_known',
      sql`${t.refundStatus} is null or ${t.refundStatus} in ('requested', 'pending', 'processed', 'failed')`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotalKobo} >= 0 and ${t.deliveryFeeKobo} >= 0 and ${t.discountKobo} >= 0 and ${t.totalKobo} >= 0`,
    ),
    check('orders_weight_not_negative', sql`${t.totalWeightGrams} >= 0`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The admin's status and payment filters, newest first.
    index('orders_status_payment_created_idx').on(
      t.status,
      t.paymentStatus,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's counters, orders waiting for the shop and orders delivered: read from this narrow
    // index alone (its entries deduplicate), at about two thirds of the wide one's cost per entry.
    index('orders_status_payment_idx').on(t.status, t.paymentStatus),
    index('orders_payment_created_idx').on(t.paymentStatus, t.createdAt),
    index('orders_discount_code_idx').on(t.discountCodeId),
    // The admin's filter by slot and a slot's dispatch sheet.
    index('orders_delivery_slot_day_idx')
      .on(t.deliverySlotDayId)
      .where(sql`${t.deliverySlotDayId} is not null`),
    // The FREEDELIVERY card: paid orders by the code they recorded (only orders that used a code).
    index('orders_discount_code_text_idx')
      .on(t.discountCode, t.paymentStatus)
      .where(sql`${t.discountCode} is not null`),
    uniqueIndex('orders_user_idempotency_key_unique').on(t.userId, t.idempotencyKey),
    // The admin's list, newest first, and its search (core/orders/management.ts; pg_trgm).
    index('orders_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_recipient_search_idx').using('gin', t.recipientSearch.op('gin_trgm_ops')),
    // The dashboard's paid orders by day and the latest of them (core/orders/reports.ts); the total and
    // what was refunded ride along so the revenue by day is read from the index alone.
    index('orders_payment_paid_revenue_idx').on(
      t.paymentStatus,
      t.paidAt.desc().nullsFirst(),
      t.totalKobo,
      t.refundedKobo,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the snapshot below keeps the order readable. */
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImageUrl: text('product_image_url'),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalPriceKobo: bigint('total_price_kobo', { mode: 'number' }).notNull(),
    productWeightGrams: integer('product_weight_grams').notNull(),
    productTotalWeightGrams: integer('product_total_weight_grams').notNull(),
    /**
     * The product's stock this line holds, in the unit the product was counted in when the order was
     * placed (grams for 'kg', units for 'unit'); null and 0 when the product was not counted.
     */
    stockUnit: stockUnit('stock_unit'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /**
     * The batch the buyer chose (a seller's harvest, at its offer's price: issue 51 §3); null for the
     * shop's own goods, drawn oldest first.
     */
    batchId: integer('batch_id').references(() => stockBatches.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_prices_not_negative', sql`${t.unitPriceKobo} >= 0 and ${t.totalPriceKobo} >= 0`),
    check('order_items_stock_quantity_not_negative', sql`${t.stockQuantity} >= 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** What a paid order's line drew from each batch (oldest first), so a refund before dispatch returns it. */
export const stockDraws = pgTable(
  'stock_draws',
  {
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => stockBatches.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.batchId] }),
    check('stock_draws_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** An order's history (core/orders/events.ts), written with each change; read by the order page. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: orderEventKind('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * Each refund of an order, one row per refund: how much, why, which
 * lines, and how far it got. The order's own refund columns say where its latest refund stands and
 * what was refunded in all; core/orders/lifecycle.ts writes both, in the same transaction.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    reason: text('reason').$type<RefundReason>().notNull(),
    note: text('note'),
    /** The lines given back, when the refund was by line; empty when it was by amount. */
    lines: jsonb('lines').$type<RefundedLine[]>().notNull().default([]),
    status: text('status').$type<RefundStatus>().notNull(),
    providerReference: text('provider_reference'),
    failure: text('failure'),
    /** The admin who asked; null for a refund found at the provider, or once the admin is deleted. */
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    /** The freshness claim this refund settles, when it was an approved claim's. */
    claimId: bigint('claim_id', { mode: 'number' }).references(() => orderClaims.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    // One refund under way per order at a time (the lifecycle refuses a second; this makes it so).
    uniqueIndex('order_refunds_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} in ('requested', 'pending')`),
    check('order_refunds_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'order_refunds_reason_known',
      sql`${t.reason} in ('spoiled', 'short_weight', 'out_of_stock', 'cancelled', 'other', 'provider')`,
    ),
    check('order_refunds_status_known', sql`${t.status} in ('requested', 'pending', 'processed', 'failed')`),
    check('order_refunds_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

/**
 * A buyer's freshness claim (core/orders/claims.ts): within its window after delivery, the lines that
 * arrived bad, what was wrong and a photo; then the owner's decision. core/orders/lifecycle.ts writes
 * these rows with the order's `claim_status` and its history, in the same transaction.
 */
export const orderClaims = pgTable(
  'order_claims',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The affected lines and how many of each, as the buyer chose them. */
    lines: jsonb('lines').$type<RefundedLine[]>().notNull(),
    description: text('description').notNull(),
    /** The photo's URL (stored like product pictures: core/media). */
    photoUrl: text('photo_url').notNull(),
    status: text('status').$type<ClaimStatus>().notNull().default('open'),
    /** Why the owner declined it, or their note on approving it. */
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_claims_order_idx').on(t.orderId, t.createdAt),
    // The dashboard's open claims, oldest first; and one open claim per order at a time.
    index('order_claims_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('order_claims_one_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'open'`),
    check('order_claims_status_known', sql`${t.status} in ('open', 'approved', 'declined')`),
    check('order_claims_description_length', sql`char_length(${t.description}) between 1 and 1000`),
    check(
      'order_claims_decision_note_length',
      sql`${t.decisionNote} is null or char_length(${t.decisionNote}) <= 500`,
    ),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_unique').on(sql`lower(${t.email})`)],
);

/** Small key/value facts about the installation (for example, when the seed ran). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Bulk delivery enquiries from /bulk (restaurants, hotels, events, farms). */
export const bulkEnquiries = pgTable('bulk_enquiries', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  organisation: text('organisation'),
  location: text('location').notNull(),
  details: text('details').notNull(),
  weightKg: integer('weight_kg'),
  neededBy: text('needed_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Transactions of the demo payment provider (no money moves): what its checkout page decided, read
 * back by the same verify path as a real provider's.
 */
export const demoPayments = pgTable(
  'demo_payments',
  {
    reference: text('reference').primaryKey(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    email: text('email').notNull(),
    status: text('status').notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('demo_payments_status_known', sql`${t.status} in ('pending', 'success', 'failed')`)],
);

/** The refunds the demo provider recorded of its payments, one row each (no money moves). */
export const demoRefunds = pgTable(
  'demo_refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference')
      .notNull()
      .references(() => demoPayments.reference, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('demo_refunds_reference_idx').on(t.reference),
    check('demo_refunds_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * The transfers the demo provider recorded (issue 51 §5: payouts to sellers without Paystack keys; no
 * money moves). One per reference, as Paystack keeps them.
 */
export const demoTransfers = pgTable(
  'demo_transfers',
  {
    reference: text('reference').primaryKey(),
    transferCode: text('transfer_code').notNull(),
    recipientCode: text('recipient_code').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('success'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('demo_transfers_amount_positive', sql`${t.amountKobo} > 0`)],
);
