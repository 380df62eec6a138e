import { computeDeliveryFee, defaultBaseRateKobo, type DeliveryFee } from '../delivery/rules';
import type { DeliveryMethod } from '../delivery/methods';
import type { AppliedDiscount, DiscountRefusal } from '../discounts/rules';
import { WAITING_ORDER_MESSAGES } from './waiting-rules';

export interface PricedLine {
  priceKobo: number;
  quantity: number;
  weightGrams: number;
}

export interface RateFacts {
  location: string;
  method: DeliveryMethod;
  baseRateKobo: number;
  pickupLocations: string[];
  /** Delivery is free when the goods, less any discount, come to at least this (null: never). */
  freeFromKobo: number | null;
}

/** The owner's free-delivery rule for the chosen location and method, and whether this order meets it. */
export interface FreeDeliveryRule {
  fromKobo: number;
  reached: boolean;
  /** How much more in goods makes delivery free (0 once reached). */
  shortKobo: number;
}

export interface OrderPrice {
  subtotalKobo: number;
  totalWeightGrams: number;
  /** The fee as charged (0 with a free-delivery code). */
  deliveryFee: DeliveryFee;
  /** The fee before any free-delivery code. */
  fullDeliveryFeeKobo: number;
  /** The discount shown to the shopper (0 for free delivery: the fee is 0 instead). */
  discountKobo: number;
  /** What the order stores as discount_amount: for free delivery, the fee waived (spec §9). */
  storedDiscountKobo: number;
  totalKobo: number;
  /** True when no rate is stored for this location and method, so the default rate applies. */
  usedDefaultRate: boolean;
  /** The rate's free-delivery rule, if it has one. */
  freeDelivery: FreeDeliveryRule | null;
}

/** The stored rate for a location and method (case-insensitive location), if any. */
export function findRate(
  rates: RateFacts[],
  location: string,
  method: DeliveryMethod,
): RateFacts | undefined {
  const wanted = location.trim().toLowerCase();
  return rates.find((r) => r.method === method && r.location.trim().toLowerCase() === wanted);
}

/**
 * Prices an order from its lines, the delivery rate and an applied discount (spec §9), in kobo:
 * total = subtotal + fee − discount; percent = subtotal × p / 100; an amount is capped at the
 * subtotal; free delivery makes the fee 0 and stores the waived fee as the discount.
 * The owner's free-delivery rule for the rate (decision 045) makes the fee 0 when the goods, less a
 * percent or amount discount, come to at least its amount ("orders above ₦50,000" as buyers read it); a free-delivery code then waives nothing.
 * The browser previews with this; the server prices the real order with it from database prices.
 */
export function priceOrder(input: {
  lines: PricedLine[];
  rates: RateFacts[];
  location: string;
  method: DeliveryMethod;
  discount?: AppliedDiscount | null;
}): OrderPrice {
  const subtotalKobo = input.lines.reduce((sum, l) => sum + l.priceKobo * l.quantity, 0);
  const totalWeightGrams = input.lines.reduce((sum, l) => sum + l.weightGrams * l.quantity, 0);
  const rate = input.location.trim() ? findRate(input.rates, input.location, input.method) : undefined;
  const baseRateKobo =
    rate?.baseRateKobo ?? defaultBaseRateKobo(input.location.trim() ? input.method : undefined);
  const fullFee = computeDeliveryFee(baseRateKobo, totalWeightGrams);
  let deliveryFee = fullFee;
  let discountKobo = 0;
  let storedDiscountKobo = 0;
  const discount = input.discount;
  if (discount?.type === 'percent') {
    discountKobo = Math.round((subtotalKobo * discount.percent) / 100);
    storedDiscountKobo = discountKobo;
  } else if (discount?.type === 'amount') {
    discountKobo = Math.min(discount.amountKobo, subtotalKobo);
    storedDiscountKobo = discountKobo;
  }
  const freeDelivery = freeDeliveryRule(rate, input.method, subtotalKobo - discountKobo);
  if (freeDelivery?.reached) {
    deliveryFee = { ...fullFee, feeKobo: 0 };
  } else if (discount?.type === 'free_delivery') {
    if (!discount.minOrderAmountKobo || subtotalKobo >= discount.minOrderAmountKobo) {
      deliveryFee = { ...fullFee, feeKobo: 0 };
      storedDiscountKobo = fullFee.feeKobo;
    }
  }
  return {
    subtotalKobo,
    totalWeightGrams,
    deliveryFee,
    fullDeliveryFeeKobo: fullFee.feeKobo,
    discountKobo,
    storedDiscountKobo,
    totalKobo: Math.max(0, subtotalKobo + deliveryFee.feeKobo - discountKobo),
    usedDefaultRate: rate === undefined,
    freeDelivery,
  };
}

/** Goods worth at least the rate's amount travel free; pickup has no delivery to waive. */
function freeDeliveryRule(
  rate: RateFacts | undefined,
  method: DeliveryMethod,
  goodsKobo: number,
): FreeDeliveryRule | null {
  if (!rate || rate.freeFromKobo === null || method === 'pickup') return null;
  const reached = goodsKobo >= rate.freeFromKobo;
  return { fromKobo: rate.freeFromKobo, reached, shortKobo: reached ? 0 : rate.freeFromKobo - goodsKobo };
}

/**
 * What checkout says of the rate's free-delivery rule: how much more makes delivery free, or that it is.
 * A delivery already free another way (a free-delivery code) needs no "more": nothing is said then.
 * `formatMoney` renders naira (₦, en-NG).
 */
export function freeDeliveryNote(
  price: Pick<OrderPrice, 'freeDelivery' | 'deliveryFee'>,
  location: string,
  formatMoney: (kobo: number) => string,
): string | null {
  const rule = price.freeDelivery;
  if (!rule) return null;
  const place = location.trim();
  if (rule.reached)
    return `Free delivery within ${place}: your order is ${formatMoney(rule.fromKobo)} or more.`;
  if (price.deliveryFee.feeKobo === 0) return null;
  return `Add ${formatMoney(rule.shortKobo)} more for free delivery within ${place}.`;
}

export const DELIVERY_TIMES: Record<DeliveryMethod, string | null> = {
  standard: '2-3 days',
  express: '24 hours',
  joint: '3-5 days',
  pickup: null,
};

export type PayBlock =
  | 'placing'
  | 'calculating'
  | 'profile-incomplete'
  | 'no-pickup-location'
  | 'pickup-point-not-chosen'
  | 'slot-not-chosen'
  | 'total-not-positive'
  | 'free-delivery-minimum'
  | 'offline'
  | 'method-too-slow'
  | 'waiting-order';

/**
 * Spec §4: the pay button is disabled while an order is being created, the fee is being calculated,
 * the profile is incomplete, pickup is chosen with no pickup location (none listed and none typed, or
 * none of those listed chosen), the total is 0 or less, or a valid free-delivery code's minimum
 * subtotal is not met. And while the phone is offline: an order is placed, and priced, only by the server.
 */
export function payBlockers(state: {
  placing: boolean;
  calculating: boolean;
  profileComplete: boolean;
  method: DeliveryMethod;
  /** The pickup point chosen from the list, or typed when the location has none. */
  pickupLocation: string;
  /** The pickup points listed for the delivery location (none: the shopper types one). */
  pickupPoints: readonly string[];
  totalKobo: number;
  discount: AppliedDiscount | null;
  subtotalKobo: number;
  /** Why the server refused the code typed, if it did ('minimum': a free-delivery code under its minimum). */
  discountRefused?: DiscountRefusal | null;
  /** For a method and location that deliver in slots: whether an open slot is chosen. */
  slotNeeded?: boolean;
  slotChosen?: boolean;
  /** The phone has no connection (decision 048). */
  offline?: boolean;
  /** The method chosen is too slow for what the cart holds (core/delivery/shelf-life.ts). */
  methodRefused?: boolean;
  /** Another of the buyer's orders waits for payment holding some of this cart's products. */
  waitingOrder?: boolean;
}): PayBlock[] {
  const blocks: PayBlock[] = [];
  if (state.methodRefused) blocks.push('method-too-slow');
  if (state.waitingOrder) blocks.push('waiting-order');
  if (state.offline) blocks.push('offline');
  if (state.placing) blocks.push('placing');
  if (state.calculating) blocks.push('calculating');
  if (!state.profileComplete) blocks.push('profile-incomplete');
  if (state.method === 'pickup' && !state.pickupLocation.trim())
    blocks.push(state.pickupPoints.length > 0 ? 'pickup-point-not-chosen' : 'no-pickup-location');
  if (state.slotNeeded && !state.slotChosen) blocks.push('slot-not-chosen');
  if (state.totalKobo <= 0) blocks.push('total-not-positive');
  if (
    state.discount?.type === 'free_delivery' &&
    state.discount.minOrderAmountKobo &&
    state.subtotalKobo < state.discount.minOrderAmountKobo
  ) {
    blocks.push('free-delivery-minimum');
  }
  // Spec §5: a free-delivery code that is valid but whose minimum subtotal is not met disables Pay (the
  // server answers it as refused for its minimum, with the amount to reach).
  if (state.discountRefused === 'minimum') blocks.push('free-delivery-minimum');
  return blocks;
}

/**
 * What the order summary says about what keeps Pay disabled, decided by the same blocks (spec §8's
 * 'No pickup option available for your location.' only while Pay waits for a typed pickup location).
 */
/** What checkout says while the phone is offline; what was entered stays on the page. */
export const CHECKOUT_OFFLINE_NOTE =
  "You're offline. Checkout needs a connection: what you entered stays here, and nothing has been charged.";

const PAY_BLOCK_NOTES: Partial<Record<PayBlock, string>> = {
  'no-pickup-location': 'No pickup option available for your location.',
  'pickup-point-not-chosen': 'Choose a pickup point.',
  'slot-not-chosen': 'Choose a delivery slot.',
  offline: 'Pay comes back when you are connected.',
  'waiting-order': WAITING_ORDER_MESSAGES.payBlocked,
};

export function payBlockNotes(blocks: readonly PayBlock[]): string[] {
  return blocks.flatMap((block) => PAY_BLOCK_NOTES[block] ?? []);
}
