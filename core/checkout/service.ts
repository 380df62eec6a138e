import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
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
import { PaymentProviderError, type PaymentOutcome, type PaymentProvider } from '../payments/provider';
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

/**
 * Places an order (DESIGN §1): everything is priced again from the database, the profile must be
 * complete, products in stock and the code valid; the code's use is reserved in the same transaction
 * as the order (never past its limit, whatever runs at once); then the payment is started.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const { db } = deps;
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) throw new NotFound('Your account no longer exists.');
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

  const reference = newPaymentReference(deps.now?.());
  const order = await db.transaction(async (tx) => {
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
        userId,
        paymentReference: reference,
        paymentProvider: deps.payments.name,
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
      })
      .returning();
    await tx
      .insert(orderItems)
      .values(lines.map(({ product, quantity }) => orderItemSnapshot(created!.id, product, quantity)));
    return created!;
  });

  try {
    const started = await deps.payments.start({
      reference,
      amountKobo: order.totalKobo,
      currency: 'NGN',
      email: profile.email,
      orderId: order.id,
      callbackUrl: `${deps.publicUrl}/checkout/callback`,
    });
    return {
      orderId: order.id,
      reference,
      totalKobo: order.totalKobo,
      provider: deps.payments.name,
      publicKey: deps.payments.publicKey,
      authorizationUrl: started.authorizationUrl,
      accessCode: started.accessCode,
    };
  } catch (error) {
    deps.logger.error({ err: error, reference }, 'could not start the payment');
    await releaseOrder(deps, reference, 'failed');
    throw new DomainError(ORDER_PROCESSING_ERROR.message, 503, ORDER_PROCESSING_ERROR.title);
  }
}

/**
 * Ends an unpaid order as failed (declined) or expired (abandoned): it is cancelled and its code
 * reservation released.
 * Only a pending order changes, so the release happens once however often this runs.
 */
export async function releaseOrder(
  deps: Pick<CheckoutDeps, 'db' | 'logger'>,
  reference: string,
  outcome: 'failed' | 'expired',
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [released] = await tx
      .update(orders)
      .set({ paymentStatus: outcome, status: 'cancelled' })
      .where(and(eq(orders.paymentReference, reference), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id, discountCodeId: orders.discountCodeId });
    if (!released) return false;
    if (released.discountCodeId !== null) {
      await tx
        .update(discountCodes)
        .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
        .where(eq(discountCodes.id, released.discountCodeId));
    }
    deps.logger.info({ reference, outcome }, 'order released');
    return true;
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
    const [updated] = await tx
      .update(orders)
      // A late payment revives an order that had been cancelled for want of one.
      .set({ paymentStatus: 'success', paidAt: paidAt ?? new Date(), status: 'pending' })
      .where(eq(orders.id, current.id))
      .returning();
    if (current.discountCodeId !== null && current.paymentStatus !== 'pending') {
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
      if (recounted.length === 0)
        deps.logger.warn({ reference }, 'late payment: the discount code had reached its limit again');
    }
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
