import { randomUUID } from 'node:crypto';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { preparedPerDb } from '../../db/prepared';
import { orders, user } from '../../db/schema';
import { missingProfileFields } from '../accounts/profile';
import { DISCOUNT_MESSAGES } from '../discounts/rules';
import { reserveCodeUse } from '../discounts/uses';
import { Conflict, Invalid, NotFound, TooManyRequests, Unavailable } from '../errors';
import { type PaymentProvider, type StartedPayment } from '../payments/provider';
import { orderFingerprint } from './fingerprint';
import { findRate } from './pricing';
import type { PlaceOrderInput } from './schemas';
import {
  METHOD_REFUSED_TITLE,
  methodRefusal,
  orderShelfLife,
  type KeepingFacts,
} from '../delivery/shelf-life';
import { newPaymentReference, ORDER_PROCESSING_ERROR, type CheckoutDeps } from './deps';
import { orderItemSnapshot, priceCart } from './quote';
import { changeOrder } from '../orders/lifecycle';
import { PENDING_ORDER_LIFETIME_MS } from '../orders/payment-state';
import { recordPlacedOrder, type NewOrderRow } from '../orders/placing';
import { chooseContact } from '../messages/consent';
import { holdStock, holdsOf } from '../stock/holds';
import { sameItems } from '../cart/rules';
import { heldBy, waitingOrdersOf, type WaitingOrder } from './waiting';
import { bookSlot, loadSlotRules, type SlotBooking } from '../delivery/slot-bookings';
import {
  lagosDay,
  needsSlot,
  shelfLifeWords,
  SLOT_MESSAGES,
  SLOT_REFUSED_TITLE,
  withinShelfLife,
} from '../delivery/slots';

/** Placing an order: one order per submission, its payment started, its code use reserved. */

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

type OrderRow = typeof orders.$inferSelect;

function asPlaced(
  order: Pick<
    OrderRow,
    'id' | 'paymentReference' | 'totalKobo' | 'paymentAuthorizationUrl' | 'paymentAccessCode'
  >,
  deps: Pick<CheckoutDeps, 'payments'>,
): PlacedOrder {
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

function asPlacedWaiting(order: WaitingOrder, deps: Pick<CheckoutDeps, 'payments'>): PlacedOrder {
  return asPlaced(
    {
      id: order.orderId,
      paymentReference: order.reference,
      totalKobo: order.totalKobo,
      paymentAuthorizationUrl: order.authorizationUrl,
      paymentAccessCode: order.accessCode,
    },
    deps,
  );
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

/** The order of `user` with this idempotency key, if any (joined to the one row of `user`). */
const sameKeyOf = (key: Placeholder) => and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key));

/** The account and what its key already placed, read together before the payment starts. */
const profileAndEarlier = preparedPerDb((db) =>
  db
    .select({ profile: user, earlier: orders })
    .from(user)
    .leftJoin(orders, sameKeyOf(sql.placeholder('key')))
    .where(eq(user.id, sql.placeholder('userId'))),
);

/** One placement per account at a time: the account's row is locked for the placing transaction. */
const lockedAccount = preparedPerDb((db) =>
  db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, sql.placeholder('userId')))
    .for('update'),
);

/**
 * Once the account is locked: what its key already placed, and how many of its orders wait for
 * payment, in one statement. (Not in the locking statement itself: a statement that waited for the
 * lock would count with what it saw before the other placement committed.)
 */
const sameKeyAndUnpaid = preparedPerDb((db) =>
  db
    .select({
      sameKey: orders,
      unpaid: sql<number>`(select count(*) from ${orders} as unpaid
        where unpaid.user_id = ${user.id} and unpaid.payment_status = 'pending')`.mapWith(Number),
    })
    .from(user)
    .leftJoin(orders, sameKeyOf(sql.placeholder('key')))
    .where(eq(user.id, sql.placeholder('userId'))),
);

/**
 * Places an order (DESIGN §1): everything is priced again from the database, the profile must be
 * complete, products in stock and the code valid; counted stock is held with the order. The payment is started first, then in one
 * transaction, one account at a time: a repeat of the same submission gets the order it already
 * placed, the account's earlier unpaid order with the same code is released (one held use of a code
 * per account), at most MAX_UNPAID_ORDERS may wait for payment, and the code's use is reserved with
 * the order (never past its limit, whatever runs at once).
 */
export async function placeOrder(
  deps: CheckoutDeps,
  userId: string,
  input: PlaceOrderInput,
  /** Where the request came from: unknown discount codes are counted per address too. */
  from: { clientAddress?: string } = {},
): Promise<PlacedOrder> {
  const { db } = deps;
  const [account] = await profileAndEarlier(db).execute({ userId, key: input.idempotencyKey });
  if (!account) throw new NotFound('Your account no longer exists.');
  const { profile, earlier } = account;
  const fingerprint = orderFingerprint(input);
  const repeat = earlier && repeatOf(earlier, fingerprint, deps);
  if (repeat) return repeat;
  // The cart's waiting order (a reload, a second tab, a return from the payment page): the same cart
  // and choices get that order again, the same hold and reference; the same cart with other choices
  // replaces it, and the stock it holds counts as the buyer's own.
  const now = deps.now?.() ?? new Date();
  const forCart = (await waitingOrdersOf(db, userId, deps.payments.name, now)).filter((w) =>
    sameItems(w.items, input.items),
  );
  const waiting = forCart.find((w) => w.fingerprint === fingerprint);
  if (waiting) return asPlacedWaiting(waiting, deps);

  const missing = missingProfileFields({ ...profile, email: profile.email });
  if (missing.length > 0) {
    throw new Invalid(
      `Please complete your profile before paying: ${missing.join(', ')}.`,
      { profile: missing },
      'Profile incomplete',
    );
  }

  // The delivery location as priced: a listed place in the list's spelling, a town off it as typed.
  const { lines, rates, location, price, discount, discountCodeId } = await priceCart(deps, userId, input, {
    ...from,
    ownHeld: heldBy(forCart),
  });
  // A code not needed (delivery is free already) is left out of the order; any other refusal stops it.
  if (discount && !discount.ok && discount.reason !== 'not-needed') {
    if (discount.reason === 'guesses') throw new TooManyRequests(discount.message, 'Discount Code Error');
    throw new Invalid(discount.message, { discountCode: [discount.message] }, 'Discount Code Error');
  }
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
  const tooSlow = methodRefusal(input.deliveryMethod, orderShelfLife(lines.map((l) => l.product)));
  if (tooSlow) throw new Invalid(tooSlow, { deliveryMethod: [tooSlow] }, METHOD_REFUSED_TITLE);
  if (price.totalKobo <= 0) throw new Invalid('This order has nothing to pay.');
  const slot = await chosenSlot(deps, { ...input, deliveryLocation: location }, lines, now);

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
    throw new Unavailable(ORDER_PROCESSING_ERROR.message, ORDER_PROCESSING_ERROR.title);
  }

  return db.transaction(async (tx) => {
    // One placement per account at a time: the checks below read what earlier ones wrote.
    await lockedAccount(tx).execute({ userId });
    const [found] = await sameKeyAndUnpaid(tx).execute({ userId, key: input.idempotencyKey });
    const sameKey = found?.sameKey;
    let unpaid = found?.unpaid ?? 0;
    let released = false;
    if (sameKey) {
      const repeated = repeatOf(sameKey, fingerprint, deps);
      if (repeated) return repeated;
      // The cart changed, or that order ended unpaid: it gives way to this one.
      // …and gives it its Pay key (the lifecycle clears it).
      released = (await changeOrder(tx, deps, { id: sameKey.id }, { kind: 'replace' })) !== null;
    }
    // Read again under the lock: a second tab's Pay for this cart may have placed it meanwhile.
    const cartsNow = (await waitingOrdersOf(tx, userId, deps.payments.name, now)).filter((w) =>
      sameItems(w.items, input.items),
    );
    const raced = cartsNow.find((w) => w.fingerprint === fingerprint);
    if (raced) return asPlacedWaiting(raced, deps);
    // The cart's waiting order with other choices gives way, so one cart holds its stock once.
    for (const { orderId: id } of cartsNow)
      if (await changeOrder(tx, deps, { id }, { kind: 'replace' })) released = true;
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
      for (const { id } of holding)
        if (await changeOrder(tx, deps, { id }, { kind: 'replace' })) released = true;
    }
    // Counted again only when an order just gave way (rare: a changed cart, a code held elsewhere).
    if (released) {
      const [recounted] = await sameKeyAndUnpaid(tx).execute({ userId, key: input.idempotencyKey });
      unpaid = recounted?.unpaid ?? 0;
    }
    if (unpaid >= MAX_UNPAID_ORDERS)
      throw new Conflict(UNPAID_ORDERS_LIMIT.message, UNPAID_ORDERS_LIMIT.title);

    // The reservation: one conditional UPDATE, so concurrent checkouts can never pass the limit.
    if (discountCodeId !== null && !(await reserveCodeUse(tx, discountCodeId)))
      throw new Conflict(DISCOUNT_MESSAGES.limit, 'Discount Code Expired');
    // The slot's place, one conditional UPDATE like the code's use (and the stock's, below).
    const booking: SlotBooking | null = slot ? await bookSlot(tx, { ...slot, location, now }) : null;
    const placed: NewOrderRow = {
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
      discountCode: discount?.ok ? discount.discount.code : null,
      discountType: discount?.ok ? discount.discount.type : null,
      discountUseHeld: discountCodeId !== null,
      // A booked slot is held like stock, so the lifecycle gives the place back when the order ends unpaid.
      holds: booking ? 'held' : holdsOf(lines),
      deliverySlotDayId: booking?.dayId ?? null,
      deliverySlotStartsAt: booking?.startsAt ?? null,
      deliverySlotEndsAt: booking?.endsAt ?? null,
    };
    const items = lines.map((line) => orderItemSnapshot(line));
    await recordPlacedOrder(tx, placed, items);
    if (input.contact)
      await chooseContact(tx, userId, { channel: input.contact, source: 'checkout', phone: profile.phone });
    // Last, so a product's row is locked only from here to the commit: buyers of one hot product
    // queue for that moment, not for the whole placement.
    await holdStock(tx, lines);
    return asPlaced(placed, deps);
  });
}

/**
 * The slot an order books, checked before anything is written: one is required for a method the
 * location delivers in slots (delivery/slots.ts SLOT_METHODS), none is kept for another, and fresh fish
 * and shellfish only go into a slot within their shelf life. Whether the slot still has room is
 * `bookSlot`'s, in the placing transaction.
 */
async function chosenSlot(
  deps: Pick<CheckoutDeps, 'db'>,
  input: PlaceOrderInput,
  lines: { product: KeepingFacts }[],
  now: Date,
): Promise<{ slotId: number; day: string } | null> {
  const rules = await loadSlotRules(deps.db);
  if (!needsSlot(input.deliveryMethod, input.deliveryLocation, rules)) return null;
  const wanted = input.deliverySlot;
  if (!wanted)
    throw new Invalid(SLOT_MESSAGES.required, { deliverySlot: [SLOT_MESSAGES.required] }, SLOT_REFUSED_TITLE);
  const keeps = orderShelfLife(lines.map((l) => l.product));
  const today = lagosDay(now);
  if (!withinShelfLife(keeps, wanted.day, today)) {
    const message = SLOT_MESSAGES.shelfLife(shelfLifeWords(keeps, today));
    throw new Invalid(message, { deliverySlot: [message] }, SLOT_REFUSED_TITLE);
  }
  return wanted;
}
