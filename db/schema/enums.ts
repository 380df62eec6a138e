/**
 * The fixed sets of values the database keeps: its enum types (pgEnum) and the text columns typed with
 * `$type<…>()`. The schema owns them, so db/ imports nothing from core/; core/ re-exports each beside its
 * labels and rules (core/catalog/categories.ts, core/orders/statuses.ts…). No imports here: the browser
 * bundles these lists through core/.
 */

/** Product categories in the order of their public ids (spec §9: 1 fresh … 6 feeds). */
export const PRODUCT_CATEGORIES = ['fresh', 'shellfish', 'smoked', 'dried', 'equipment', 'feeds'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/**
 * How a product's stock is counted (core/stock/): in grams for goods sold by weight (shown in kg), in
 * units for equipment and feed bags; a product without one is not counted and keeps its in-stock flag.
 */
export const STOCK_UNITS = ['kg', 'unit'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];

/**
 * What an order does with the stock of its counted lines (core/stock/holds.ts): none to count, held
 * while it waits for payment, kept once paid (sold), released when it ended unpaid or was refunded in
 * full before it left the shop.
 */
/** What a batch's date says (core/stock/batches.ts): when it was caught, smoked, dried, or made. */
export const BATCH_DATE_KINDS = ['caught', 'smoked', 'dried', 'made'] as const;
export type BatchDateKind = (typeof BATCH_DATE_KINDS)[number];

/** Why the owner changed a batch's quantity (the reasons of issue 33; 'recount' adds as well). */
export const STOCK_ADJUST_REASONS = ['spoiled', 'weighed_short', 'eaten', 'recount', 'other'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];

export const HOLD_STATES = ['none', 'held', 'kept', 'released'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

export const DELIVERY_METHODS = ['standard', 'express', 'joint', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DISCOUNT_TYPES = ['free_delivery', 'percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** What the audit log records: the kinds of thing an admin changes and how. */
export const ADMIN_CHANGE_KINDS = [
  'product',
  'order',
  'user',
  'delivery_rate',
  'delivery_slot',
  'discount_code',
  'job',
  'search_synonym',
  'seller',
  'offer',
  'payout',
] as const;
export type AdminChangeKind = (typeof ADMIN_CHANGE_KINDS)[number];

export const ADMIN_CHANGE_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'status_changed',
  'refunded',
  'admin_granted',
  'admin_revoked',
  'staff_granted',
  'staff_revoked',
  'two_factor_reset',
  'retried',
  'stock_received',
  'stock_adjusted',
] as const;
export type AdminChangeAction = (typeof ADMIN_CHANGE_ACTIONS)[number];

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Payment states of an order. The spec shows `success` and `pending`; `failed` (declined) and
 * `expired` (abandoned past the time limit) are ours, so a reservation can be released.
 */
export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * What an order's history records (core/orders/events.ts): placed, paid, a status the shop set, a
 * refund, and the ways an unpaid order ends (the payment failed, it expired, the shopper cancelled it).
 */
export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'pending',
  'refunded',
  'payment_failed',
  'expired',
  'replaced',
  'refund_requested',
  'refund_failed',
  'claim_filed',
  'claim_approved',
  'claim_declined',
  'payment_reminder',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * Why an order is cancelled (core/orders/lifecycle.ts): the shopper cancelled it, its payment was
 * declined, it was not paid in time, a newer checkout of the same cart or code replaced it, the shop
 * cancelled it before it was paid, or the shop refunded all of it.
 */
export const CANCEL_REASONS = ['shopper', 'declined', 'unpaid', 'replaced', 'shop', 'refunded'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * A refund's progress: 'requested' while the provider is being asked (it claims the order, so a second
 * request finds it taken), 'pending' when the provider took it and the money is on its way,
 * 'processed' when it arrived, 'failed' when the provider refused.
 */
export const REFUND_STATUSES = ['requested', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why the shop gave money back: the fish spoiled on arrival, it weighed
 * short, a line was out of stock, the order was cancelled, another reason (the admin's note says), or
 * a refund made at the payment provider that the shop found there.
 */
export const REFUND_REASONS = [
  'spoiled',
  'short_weight',
  'out_of_stock',
  'cancelled',
  'other',
  'provider',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * A freshness claim's progress (order_claims.status, orders.claim_status): 'open' while the owner has
 * not decided, then 'approved' (a partial refund of its lines was asked for) or 'declined' (with a reason).
 */
export const CLAIM_STATUSES = ['open', 'approved', 'declined'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** A line of an order given back (order_refunds.lines): which line, and how many of it. */
export interface RefundedLine {
  itemId: number;
  quantity: number;
}

/**
 * How a buyer wants to hear about their orders beside the e-mail every order gets (core/messages/):
 * on WhatsApp (only when they chose it: Meta asks for an opt-in), by SMS, or by e-mail only.
 */
export const CONTACT_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** Where a buyer made that choice: at checkout, on their profile, or on a farm's reminders page. */
export const CONSENT_SOURCES = ['checkout', 'profile', 'farm'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/**
 * What a choice of channel is for: a buyer's orders (issue 35) or a farm owner's reminders (issue 50
 * §7). Each is chosen on its own: agreeing to order updates on WhatsApp is no consent to farm reminders.
 */
export const CONSENT_TOPICS = ['orders', 'farm'] as const;
export type ConsentTopic = (typeof CONSENT_TOPICS)[number];

/** The channels a message about an order goes by (core/messages/): the e-mail is the mail queue's. */
export const MESSAGE_CHANNELS = ['whatsapp', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The farm reminders (issue 50 §7): a message about a farm, not an order (core/farm/reminders.ts). */
export const FARM_REMINDER_KINDS = [
  'farm_pond_not_logged',
  'farm_sample_due',
  'farm_feed_low',
  'farm_harvest_soon',
  'farm_water_unsafe',
] as const;
export type FarmReminderKind = (typeof FARM_REMINDER_KINDS)[number];

/** What a message tells (core/messages/templates.ts): each is a WhatsApp template registered with Meta. */
export const MESSAGE_KINDS = [
  'order_confirmed',
  'order_update',
  'order_refunded',
  'payment_reminder',
  ...FARM_REMINDER_KINDS,
  // A seller's payout account changed (issue 51 §1), on the channel they chose for their farm.
  'seller_bank_changed',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Where a message is (written only through core/messages/state.ts): queued for its job, being
 * sent, accepted by the provider (or written to the outbox), then what the provider reports: sent,
 * delivered, read, or failed. 'unconfirmed': an attempt died between the call and its record, so it
 * is never sent again blindly; 'cancelled': no longer needed (a reminder for an order since paid).
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'unconfirmed',
  'cancelled',
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * The shop's job queues: pg-boss keeps them as rows of its own schema, installed with the migrations
 * (db/job-queue.ts, with their retry policies).
 */
export const QUEUES = {
  /** One e-mail, rendered when it was caused (a receipt, a status change, a password link…). */
  mail: 'mail',
  /** A payment the provider told us about (webhook): verified with the provider, then settled. */
  verifyPayment: 'verify-payment',
  /** A refund an admin asked for: the call to the payment provider (core/orders/refunds.ts). */
  refund: 'refund',
  /** Every minute: unpaid orders give back capped code uses, and expire after 30 minutes. */
  expireOrders: 'expire-orders',
  /** One WhatsApp or SMS message about an order (core/messages/deliver.ts). */
  sendMessage: 'send-message',
  /** Every 30 minutes: the farm reminders due, to owners who asked for them (core/farm/remind.ts). */
  farmReminders: 'farm-reminders',
  /** Weekly, or when the owner starts one: every seller's payable balance paid (core/sellers/payouts.ts). */
  payoutRun: 'payout-run',
  /**
   * Daily: outbox files and the message log's numbers older than MESSAGE_RETENTION_DAYS are forgotten
   * (core/retention.ts).
   */
  forgetRecipients: 'forget-recipients',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What fish a farm-book cycle raises (core/farm/species.ts: labels, feeding tables, water bands). */
export const FARM_SPECIES = ['african_catfish', 'hybrid_catfish', 'nile_tilapia'] as const;
export type FarmSpecies = (typeof FARM_SPECIES)[number];

/** What a pond is (core/farm/species.ts: labels; core/farm/ponds.ts: its usual stocking density). */
export const POND_KINDS = ['earthen_pond', 'concrete_tank', 'tarpaulin_tank', 'cage'] as const;
export type PondKind = (typeof POND_KINDS)[number];

/**
 * What a line of the farm book records (core/farm/entries.ts): feed given, deaths, a water reading, a
 * sample weighed, a note, a harvest (partial or final), fish moved out to another pond or in from one.
 */
export const FARM_ENTRY_KINDS = [
  'feeding',
  'deaths',
  'water',
  'sample',
  'note',
  'harvest',
  'move_out',
  'move_in',
] as const;
export type FarmEntryKind = (typeof FARM_ENTRY_KINDS)[number];

/** A seller's standing (issue 51 §1, core/sellers/): applied, then approved or declined; an approved one may be suspended. */
export const SELLER_STATUSES = ['applied', 'approved', 'declined', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/**
 * Where a seller's offer of a harvest is (issue 51 §2, core/sellers/offer-rules.ts): waiting for the
 * shop, countered (a price the seller may take), accepted (to be brought to the hub), received (a stock
 * batch), or ended: declined by the shop, withdrawn by the seller.
 */
export const OFFER_STATUSES = [
  'offered',
  'countered',
  'accepted',
  'received',
  'declined',
  'withdrawn',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * A row of a seller's ledger (issue 51 §4, core/sellers/ledger.ts): a delivered line sold, a refund of it
 * (or a refund that failed, given back), a payout sent, a payout that failed or was reversed (owed again).
 */
export const LEDGER_KINDS = ['sale', 'refund', 'refund_failed', 'payout', 'payout_returned'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Where a payout to a seller is (issue 51 §5, core/sellers/payout-rules.ts): queued (not yet accepted by
 * the provider: it is sent, and re-sent with the same reference until it is), pending (the provider has
 * it), otp (the provider waits for an OTP: transfer OTP is still on), then success, failed or reversed.
 */
export const PAYOUT_STATUSES = ['queued', 'pending', 'otp', 'success', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
