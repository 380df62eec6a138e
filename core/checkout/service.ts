import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  deliveryRates,
  discountCodes,
  notifications,
  orderItems,
  orders,
  products,
  user,
} from '../../db/schema';
import { missingProfileFields } from '../accounts/profile';
import { MAX_LINE_QUANTITY } from '../cart/rules';
import { DELIVERY_METHOD_LABELS } from '../delivery/methods';
import { CODE_GUESSES, settleCodeGuess, takeCodeGuess } from '../discounts/guessing';
import {
  checkDiscount,
  DISCOUNT_MESSAGES,
  normalizeDiscountCode,
  type DiscountCheck,
} from '../discounts/rules';
import { Conflict, DomainError, Invalid, NotFound, TooManyRequests } from '../errors';
import type { Mailer } from '../mail/mailer';
import { orderReceiptEmail } from '../mail/templates';
import { orderReceivedMessage } from '../notifications/messages';
import {
  PaymentProviderError,
  type PaymentOutcome,
  type PaymentProvider,
  type StartedPayment,
} from '../payments/provider';
import { orderFingerprint } from './fingerprint';
import { findRate, priceOrder, type OrderPrice, type RateFacts } from './pricing';
import type { PlaceOrderInput } from './schemas';

interface LogLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CheckoutDeps {
  db: Db;
  payments: PaymentProvider;
  mailer: Mailer;
  logger: LogLike;
  publicUrl: string;
  formatMoney: (kobo: number) => string;
  now?: () => Date;
}

/** How long an unpaid order keeps its discount reservation before it expires. */
export const PENDING_ORDER_LIFETIME_MS = 30 * 60 * 1000;

export const ORDER_PROCESSING_ERROR = {
  title: 'Order Processing Error',
  message: 'There was an issue creating your order. Please contact support.',
};

/** Unique, and only letters, digits and '-' (Paystack's reference alphabet). */
export function newPaymentReference(now = new Date()): string {
  return `FC-${now.getTime().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Every stored delivery rate, as the pricing rules take them. */
export async function loadRates(db: Db | Tx): Promise<RateFacts[]> {
  return db
    .select({
      location: deliveryRates.location,
      method: deliveryRates.method,
      baseRateKobo: deliveryRates.baseRateKobo,
      pickupLocations: deliveryRates.pickupLocations,
    })
    .from(deliveryRates);
}

async function loadDiscountCode(db: Db | Tx, code: string) {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeDiscountCode(code)));
  return row;
}

/** Current products for the cart's lines; a missing or sold-out product stops the order. */
async function loadLines(db: Db | Tx, items: PlaceOrderInput['items']) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((p) => [p.id, p]));
  const quantities = new Map<number, number>();
  for (const item of items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  return [...quantities].map(([productId, quantity]) => {
    const product = byId.get(productId);
    if (quantity > MAX_LINE_QUANTITY)
      throw new Invalid(`You can order at most ${MAX_LINE_QUANTITY} of one product.`, {
        items: [`At most ${MAX_LINE_QUANTITY} of one product.`],
      });
    if (!product)
      throw new Conflict(
        'A product in your cart is no longer sold. Please remove it from your cart.',
        'Cart changed',
      );
    if (!product.inStock)
      throw new Conflict(`${product.name} is out of stock. Please remove it from your cart.`, 'Out of stock');
    return { product, quantity };
  });
}

/** An order line as sold: name, picture, price and weight copied, so later product edits leave it be. */
export function orderItemSnapshot(
  orderId: string,
  product: typeof products.$inferSelect,
  quantity: number,
): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId: product.id,
    productName: product.name,
    productImageUrl: product.imageUrl,
    quantity,
    unitPriceKobo: product.priceKobo,
    totalPriceKobo: product.priceKobo * quantity,
    productWeightGrams: product.weightGrams,
    productTotalWeightGrams: product.weightGrams * quantity,
  };
}

export interface Quote {
  price: OrderPrice;
  discount: DiscountCheck | null;
}

/**
 * A code checked against spec §5's rules, for a shopper who still has tries left (guessing.ts):
 * an unknown or inactive code uses up a try, a code that exists does not.
 */
async function checkCode(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  userId: string,
  typed: string,
  order: { subtotalKobo: number; deliveryLocation: string },
): Promise<{ check: DiscountCheck; codeId: number | null }> {
  const now = deps.now?.() ?? new Date();
  const normalized = normalizeDiscountCode(typed);
  const taken = await takeCodeGuess(deps.db, userId, normalized, now);
  if (taken === 'blocked') {
    const message = DISCOUNT_MESSAGES.guesses(CODE_GUESSES.windowMinutes);
    return { check: { ok: false, reason: 'guesses', message }, codeId: null };
  }
  const code = await loadDiscountCode(deps.db, normalized);
  const check = checkDiscount(code, { ...order, now, formatMoney: deps.formatMoney });
  const exists = check.ok || check.reason !== 'unknown';
  if (taken === 'counted') await settleCodeGuess(deps.db, userId, normalized, exists);
  return { check, codeId: check.ok ? code!.id : null };
}

/**
 * Prices a cart as the server will charge it: database prices, stored rates and the code's rules.
 * The quote the checkout page shows and the order that is placed both come from here.
 */
async function priceCart(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  userId: string,
  input: Pick<PlaceOrderInput, 'items' | 'deliveryLocation' | 'deliveryMethod' | 'discountCode'>,
) {
  const [lines, rates] = await Promise.all([loadLines(deps.db, input.items), loadRates(deps.db)]);
  const order = {
    lines: lines.map((l) => ({
      priceKobo: l.product.priceKobo,
      quantity: l.quantity,
      weightGrams: l.product.weightGrams,
    })),
    rates,
    location: input.deliveryLocation,
    method: input.deliveryMethod,
  };
  let price = priceOrder(order);
  let discount: DiscountCheck | null = null;
  let discountCodeId: number | null = null;
  if (input.discountCode) {
    const checked = await checkCode(deps, userId, input.discountCode, {
      subtotalKobo: price.subtotalKobo,
      deliveryLocation: input.deliveryLocation,
    });
    discount = checked.check;
    if (discount.ok) {
      price = priceOrder({ ...order, discount: discount.discount });
      discountCodeId = checked.codeId;
    }
  }
  return { lines, rates, price, discount, discountCodeId };
}

export async function quoteOrder(
  deps: Pick<CheckoutDeps, 'db' | 'formatMoney' | 'now'>,
  userId: string,
  input: Pick<PlaceOrderInput, 'items' | 'deliveryLocation' | 'deliveryMethod' | 'discountCode'>,
): Promise<Quote> {
  const { price, discount } = await priceCart(deps, userId, input);
  return { price, discount };
}

export interface PlacedOrder {
  orderId: string;
  reference: string;
  totalKobo: number;
  provider: PaymentProvider['name'];
  publicKey: string | null;
  authorizationUrl: string;
  accessCode?: string;
}

/** At most this many orders of one account wait for payment at once. */
export const MAX_UNPAID_ORDERS = 3;

export const UNPAID_ORDERS_LIMIT = {
  title: 'Too many unpaid orders',
  message: `You already have ${MAX_UNPAID_ORDERS} unpaid orders. Pay for one of them, or wait until it expires (${PENDING_ORDER_LIFETIME_MS / 60_000} minutes after it was placed), before placing another.`,
};

export const ORDER_ALREADY_PAID = {
  title: 'Already paid',
  message: 'This order has already been paid. You can find it in your account under Orders.',
};

/**
 * How long an unpaid order holds a use of a code that has a usage limit: buyers who never pay cannot
 * keep a capped code (FREEDELIVERY's 20 uses) from everyone else for the order's whole lifetime.
 */
export const CAPPED_CODE_HOLD_MS = 10 * 60 * 1000;

type OrderRow = typeof orders.$inferSelect;

function asPlaced(order: OrderRow, deps: Pick<CheckoutDeps, 'payments'>): PlacedOrder {
  return {
    orderId: order.id,
    reference: order.paymentReference,
    totalKobo: order.totalKobo,
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
    authorizationUrl: order.paymentAuthorizationUrl ?? '',
    accessCode: order.paymentAccessCode ?? undefined,
  };
}

/**
 * The answer to a submission whose key already placed `order`: the same unpaid order (the same
 * payment) when the same cart was sent again; null when a new order is wanted (the cart changed, or
 * the earlier one ended unpaid). A paid order is not placed twice.
 */
function repeatOf(order: OrderRow, fingerprint: string, deps: Pick<CheckoutDeps, 'payments'>) {
  if (order.idempotencyFingerprint !== fingerprint) return null;
  if (order.paymentStatus === 'success')
    throw new Conflict(ORDER_ALREADY_PAID.message, ORDER_ALREADY_PAID.title);
  if (
    order.paymentStatus === 'pending' &&
    order.paymentAuthorizationUrl &&
    order.paymentProvider === deps.payments.name
  )
    return asPlaced(order, deps);
  return null;
}

function orderWithKey(db: Db | Tx, userId: string, key: string) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
}

/**
 * Places an order (DESIGN §1): everything is priced again from the database, the profile must be
 * complete, products in stock and the code valid. The payment is started first, then in one
 * transaction, one account at a time: a repeat of the same submission gets the order it already
 * placed, the account's earlier unpaid order with the same code is released (one held use of a code
 * per account), at most MAX_UNPAID_ORDERS may wait for payment, and the code's use is reserved with
 * the order (never past its limit, whatever runs at once).
 */
export async function placeOrder(
  deps: CheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const { db } = deps;
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) throw new NotFound('Your account no longer exists.');
  const fingerprint = orderFingerprint(input);
  const [earlier] = await orderWithKey(db, userId, input.idempotencyKey);
  const repeat = earlier && repeatOf(earlier, fingerprint, deps);
  if (repeat) return repeat;

  const missing = missingProfileFields({ ...profile, email: profile.email });
  if (missing.length > 0) {
    throw new Invalid(
      `Please complete your profile before paying: ${missing.join(', ')}.`,
      { profile: missing },
      'Profile incomplete',
    );
  }

  const { lines, rates, price, discount, discountCodeId } = await priceCart(deps, userId, input);
  if (discount && !discount.ok) {
    if (discount.reason === 'guesses') throw new TooManyRequests(discount.message, 'Discount Code Error');
    throw new Invalid(discount.message, { discountCode: [discount.message] }, 'Discount Code Error');
  }
  const location = input.deliveryLocation;
  let pickupLocation: string | null = null;
  if (input.deliveryMethod === 'pickup') {
    pickupLocation = input.pickupLocation ?? '';
    if (!pickupLocation)
      throw new Invalid('Please choose a pickup location.', {
        pickupLocation: ['Please choose a pickup location.'],
      });
    const listed = findRate(rates, location, 'pickup')?.pickupLocations ?? [];
    if (listed.length > 0 && !listed.includes(pickupLocation)) {
      throw new Invalid(`Please choose one of the pickup points for ${location}.`, {
        pickupLocation: ['Choose a listed pickup point.'],
      });
    }
  }
  if (price.totalKobo <= 0) throw new Invalid('This order has nothing to pay.');

  // Started before the order exists, so an order is never without its payment. A submission that
  // loses a race below leaves an unused transaction with the provider, which is never paid.
  const orderId = randomUUID();
  const reference = newPaymentReference(deps.now?.());
  let started: StartedPayment;
  try {
    started = await deps.payments.start({
      reference,
      amountKobo: price.totalKobo,
      currency: 'NGN',
      email: profile.email,
      orderId,
      callbackUrl: `${deps.publicUrl}/checkout/callback`,
    });
  } catch (error) {
    deps.logger.error({ err: error, reference }, 'could not start the payment');
    throw new DomainError(ORDER_PROCESSING_ERROR.message, 503, ORDER_PROCESSING_ERROR.title);
  }

  return db.transaction(async (tx) => {
    // One placement per account at a time: the checks below read what earlier ones wrote.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    const [sameKey] = await orderWithKey(tx, userId, input.idempotencyKey);
    if (sameKey) {
      const repeated = repeatOf(sameKey, fingerprint, deps);
      if (repeated) return repeated;
      // The cart changed, or that order ended unpaid: it gives way to this one.
      await releaseOrderIn(tx, deps.logger, eq(orders.id, sameKey.id), 'expired');
      await tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, sameKey.id));
    }
    if (discountCodeId !== null) {
      const holding = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.paymentStatus, 'pending'),
            eq(orders.discountCodeId, discountCodeId),
          ),
        );
      for (const { id } of holding) await releaseOrderIn(tx, deps.logger, eq(orders.id, id), 'expired');
    }
    const [unpaid] = await tx
      .select({ count: count() })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'pending')));
    if ((unpaid?.count ?? 0) >= MAX_UNPAID_ORDERS)
      throw new Conflict(UNPAID_ORDERS_LIMIT.message, UNPAID_ORDERS_LIMIT.title);

    if (discountCodeId !== null) {
      // The reservation: one conditional UPDATE, so concurrent checkouts can never pass the limit.
      const reserved = await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, discountCodeId),
            eq(discountCodes.active, true),
            sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
            sql`(${discountCodes.expiresAt} is null or ${discountCodes.expiresAt} > now())`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (reserved.length === 0) throw new Conflict(DISCOUNT_MESSAGES.limit, 'Discount Code Expired');
    }
    const [created] = await tx
      .insert(orders)
      .values({
        id: orderId,
        userId,
        paymentReference: reference,
        paymentProvider: deps.payments.name,
        paymentAuthorizationUrl: started.authorizationUrl,
        paymentAccessCode: started.accessCode ?? null,
        idempotencyKey: input.idempotencyKey,
        idempotencyFingerprint: fingerprint,
        subtotalKobo: price.subtotalKobo,
        deliveryFeeKobo: price.deliveryFee.feeKobo,
        discountKobo: price.storedDiscountKobo,
        totalKobo: price.totalKobo,
        shippingName: profile.name,
        shippingPhone: profile.phone!,
        shippingAddress: profile.address!,
        deliveryMethod: input.deliveryMethod,
        deliveryLocation: location,
        pickupLocation,
        totalWeightGrams: price.totalWeightGrams,
        discountCodeId,
        discountUseHeld: discountCodeId !== null,
      })
      .returning();
    await tx
      .insert(orderItems)
      .values(lines.map(({ product, quantity }) => orderItemSnapshot(created!.id, product, quantity)));
    return asPlaced(created!, deps);
  });
}

/**
 * Ends the unpaid order `which` as failed (declined) or expired (abandoned or superseded): it is
 * cancelled, and its code use released if it still held one. Only a pending order changes, so the
 * release happens once however often this runs.
 */
async function releaseOrderIn(
  tx: Tx,
  logger: LogLike,
  which: SQL | undefined,
  outcome: 'failed' | 'expired',
): Promise<boolean> {
  const [before] = await tx
    .select({ held: orders.discountUseHeld })
    .from(orders)
    .where(and(which, eq(orders.paymentStatus, 'pending')))
    .for('update');
  if (!before) return false;
  const [released] = await tx
    .update(orders)
    .set({ paymentStatus: outcome, status: 'cancelled', discountUseHeld: false })
    .where(and(which, eq(orders.paymentStatus, 'pending')))
    .returning({ reference: orders.paymentReference, discountCodeId: orders.discountCodeId });
  if (!released) return false;
  if (before.held && released.discountCodeId !== null) {
    await tx
      .update(discountCodes)
      .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
      .where(eq(discountCodes.id, released.discountCodeId));
  }
  logger.info({ reference: released.reference, outcome }, 'order released');
  return true;
}

/** Ends an unpaid order as failed or expired (releaseOrderIn), by its payment reference. */
export async function releaseOrder(
  deps: Pick<CheckoutDeps, 'db' | 'logger'>,
  reference: string,
  outcome: 'failed' | 'expired',
): Promise<boolean> {
  return deps.db.transaction((tx) =>
    releaseOrderIn(tx, deps.logger, eq(orders.paymentReference, reference), outcome),
  );
}

/**
 * Unpaid orders placed more than CAPPED_CODE_HOLD_MS ago give back their use of a code that has a
 * usage limit, so the next buyer can have it. The order itself stays payable until it expires; a
 * payment that still comes is honoured (markPaid counts the use again if the limit allows).
 */
export async function releaseHeldCodeUses(
  deps: Pick<CheckoutDeps, 'db' | 'logger' | 'now'>,
): Promise<number> {
  const cutoff = new Date((deps.now?.() ?? new Date()).getTime() - CAPPED_CODE_HOLD_MS);
  return deps.db.transaction(async (tx) => {
    const released = await tx
      .update(orders)
      .set({ discountUseHeld: false })
      .where(
        and(
          eq(orders.paymentStatus, 'pending'),
          eq(orders.discountUseHeld, true),
          lt(orders.createdAt, cutoff),
          inArray(
            orders.discountCodeId,
            tx
              .select({ id: discountCodes.id })
              .from(discountCodes)
              .where(isNotNull(discountCodes.usageLimit)),
          ),
        ),
      )
      .returning({ reference: orders.paymentReference, discountCodeId: orders.discountCodeId });
    const perCode = new Map<number, number>();
    for (const { discountCodeId } of released)
      if (discountCodeId !== null) perCode.set(discountCodeId, (perCode.get(discountCodeId) ?? 0) + 1);
    for (const [codeId, uses] of perCode) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`greatest(${discountCodes.usedCount} - ${uses}, 0)` })
        .where(eq(discountCodes.id, codeId));
    }
    for (const { reference } of released)
      deps.logger.info({ reference }, 'unpaid order released its use of a capped discount code');
    return released.length;
  });
}

/**
 * Marks an order paid, once (DESIGN §1): in one transaction the order becomes paid, its notification
 * is written and its code's use stays counted; the receipt is mailed after. A payment that arrives
 * after the order expired still settles it (the money moved); its code use is counted again if the
 * limit still allows.
 */
async function markPaid(deps: CheckoutDeps, reference: string, paidAt: Date | null): Promise<boolean> {
  const paid = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(orders)
      .where(eq(orders.paymentReference, reference))
      .for('update');
    if (!current || current.paymentStatus === 'success') return null;
    // A payment for an order whose code use was released (expired, or held past CAPPED_CODE_HOLD_MS)
    // is honoured: the money moved. The use is counted again if the limit still allows.
    let held = current.discountUseHeld;
    if (current.discountCodeId !== null && !held) {
      const recounted = await tx
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
        .where(
          and(
            eq(discountCodes.id, current.discountCodeId),
            sql`(${discountCodes.usageLimit} is null or ${discountCodes.usedCount} < ${discountCodes.usageLimit})`,
          ),
        )
        .returning({ id: discountCodes.id });
      held = recounted.length > 0;
      if (held)
        deps.logger.info({ reference }, 'late payment: its released discount code use is counted again');
      else deps.logger.warn({ reference }, 'late payment: the discount code had reached its limit again');
    }
    const [updated] = await tx
      .update(orders)
      // A late payment revives an order that had been cancelled for want of one.
      .set({
        paymentStatus: 'success',
        paidAt: paidAt ?? new Date(),
        status: 'pending',
        discountUseHeld: held,
      })
      .where(eq(orders.id, current.id))
      .returning();
    await tx
      .insert(notifications)
      .values({ userId: current.userId, orderId: current.id, message: orderReceivedMessage(current.id) });
    return updated!;
  });
  if (!paid) return false;
  try {
    const [owner] = await deps.db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, paid.userId));
    const items = await deps.db.select().from(orderItems).where(eq(orderItems.orderId, paid.id));
    const [code] = paid.discountCodeId
      ? await deps.db
          .select({ type: discountCodes.type })
          .from(discountCodes)
          .where(eq(discountCodes.id, paid.discountCodeId))
      : [];
    if (owner) {
      await deps.mailer.send(
        orderReceiptEmail({
          to: owner.email,
          name: owner.name,
          orderId: paid.id,
          items: items.map((i) => ({
            name: i.productName,
            quantity: i.quantity,
            totalKobo: i.totalPriceKobo,
          })),
          subtotalKobo: paid.subtotalKobo,
          deliveryFeeKobo: paid.deliveryFeeKobo,
          discountKobo: paid.discountKobo,
          freeDelivery: code?.type === 'free_delivery',
          totalKobo: paid.totalKobo,
          delivery: `${DELIVERY_METHOD_LABELS[paid.deliveryMethod]}, ${paid.pickupLocation ?? paid.deliveryLocation}`,
          accountUrl: `${deps.publicUrl}/account?tab=orders`,
          formatMoney: deps.formatMoney,
        }),
      );
    }
  } catch (error) {
    deps.logger.error({ err: error, reference }, 'could not send the order receipt');
  }
  return true;
}

/**
 * 'unverified': the provider could not be asked just now; nothing changed. 'mismatch': the provider
 * reports a payment that is not this order's amount or currency; the order is not paid and a person
 * must refund the payment (logged as an error).
 */
export type Settlement = 'paid' | 'failed' | 'pending' | 'unverified' | 'mismatch';

/**
 * Asks the provider what happened to a payment and settles the order accordingly. Callback, popup,
 * webhook and the expiry job all come here, in any order and any number of times.
 */
export async function settlePayment(deps: CheckoutDeps, reference: string): Promise<Settlement> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.paymentReference, reference));
  if (!order) throw new NotFound('We could not find this order.');
  if (order.paymentStatus === 'success') return 'paid';
  if (order.paymentProvider !== deps.payments.name) {
    // Only the provider that took the order can say what happened to it.
    deps.logger.warn(
      { reference, placedWith: order.paymentProvider, configured: deps.payments.name },
      'payment provider of the order is not configured: not settled',
    );
    return 'unverified';
  }

  let outcome: PaymentOutcome;
  try {
    outcome = await deps.payments.verify(reference);
  } catch (error) {
    if (PaymentProviderError.is(error)) {
      deps.logger.warn({ err: error, reference }, 'payment verification unavailable');
      return 'unverified';
    }
    throw error;
  }

  if (outcome.status === 'success') {
    if (outcome.amountKobo !== order.totalKobo || outcome.currency !== 'NGN') {
      deps.logger.error(
        { reference, paid: outcome.amountKobo, currency: outcome.currency, expected: order.totalKobo },
        'payment does not match the order: not marked paid, refund it',
      );
      await releaseOrder(deps, reference, 'failed');
      return 'mismatch';
    }
    await markPaid(deps, reference, outcome.paidAt);
    return 'paid';
  }
  if (outcome.status === 'failed') {
    await releaseOrder(deps, reference, 'failed');
    return 'failed';
  }
  const [current] = await deps.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.paymentReference, reference));
  return current?.paymentStatus === 'pending'
    ? 'pending'
    : current?.paymentStatus === 'success'
      ? 'paid'
      : 'failed';
}

/**
 * Unpaid orders older than 30 minutes: asked about once more (a payment may have gone through
 * without its callback or webhook), then expired, which releases their code reservations.
 */
export async function expireStaleOrders(deps: CheckoutDeps, limit = 50): Promise<number> {
  const cutoff = new Date((deps.now?.() ?? new Date()).getTime() - PENDING_ORDER_LIFETIME_MS);
  const stale = await deps.db
    .select({ reference: orders.paymentReference })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'pending'),
        eq(orders.paymentProvider, deps.payments.name),
        lt(orders.createdAt, cutoff),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  let expired = 0;
  for (const { reference } of stale) {
    try {
      const settled = await settlePayment(deps, reference);
      // Only when the provider answered that it is still unpaid; 'unverified' waits for the next run.
      if (settled === 'pending' && (await releaseOrder(deps, reference, 'expired'))) expired++;
    } catch (error) {
      deps.logger.error({ err: error, reference }, 'could not expire a stale order');
    }
  }
  return expired;
}
