import type { OfferStatus } from '../../db/schema/enums';
import { addDays, isCalendarDate } from '../calendar';
import { Invalid } from '../errors';
import { formatNaira, parseKg, parseNaira } from '../money';
import type { StockUnit } from '../stock/rules';

/**
 * Offers of a harvest (issue 51 §2, docs/sellers.md): what a seller may offer and what becomes of an
 * offer. Pure, so the forms, the service and the tests read the same rules.
 */

export { OFFER_STATUSES, type OfferStatus } from '../../db/schema/enums';

/** How the seller counts what they offer: kilograms, or fish (for a product counted by units). */
export const OFFER_UNITS = ['kg', 'unit'] as const;
export type OfferUnit = (typeof OFFER_UNITS)[number];

/** The most one offer may hold: 100 tonnes, or 100,000 fish. Past it, a slip of the finger. */
export const MAX_OFFER_GRAMS = 100_000_000;
export const MAX_OFFER_UNITS = 100_000;
/** The dearest price per kg (or per fish) an offer may ask: ₦1,000,000. */
export const MAX_OFFER_PRICE_KOBO = 1_000_000 * 100;
/** A harvest is offered at most this many days after it was harvested (fish do not wait). */
export const HARVEST_AT_MOST_DAYS_AGO = 3;
/** …and brought to the hub within this many days from today. */
export const BRING_WITHIN_DAYS = 60;

export const OFFER_MESSAGES = {
  product: 'Choose the product it is, from the list.',
  notCounted: 'This product is not counted in stock: the shop cannot take offers of it yet.',
  soldByUnits: 'This product is sold by the fish: offer a number of fish, not kg.',
  soldByKg: 'This product is sold by the kg: offer kg, not a number of fish.',
  quantityKg: 'Offer between 0.01 and 100,000 kg.',
  quantityUnits: 'Offer a whole number of fish from 1 to 100,000.',
  price: `The price must be between ₦1 and ${formatNaira(MAX_OFFER_PRICE_KOBO)}.`,
  harvestedOn: 'Enter the harvest date.',
  harvestOld: `Fish harvested more than ${HARVEST_AT_MOST_DAYS_AGO} days ago cannot be offered fresh.`,
  harvestAfterBring: 'The harvest date cannot be after the day you bring it to the hub.',
  bringOn: 'Enter the day you bring it to the hub.',
  bringPast: 'The day you bring it cannot be in the past.',
  bringFar: `Offer a harvest you bring within ${BRING_WITHIN_DAYS} days.`,
  cycle: 'Choose one of your farm’s cycles, or none.',
  notApproved: 'Only an approved seller can offer a harvest.',
  declineReason: 'Say why the offer is declined: the seller reads it.',
  counter: 'A counter-offer is a price per kg (or per fish) different from the one offered.',
  received: 'Enter what was brought: more than 0, and no more than was offered.',
  notFound: 'This offer was not found.',
} as const;

/** What may be done to an offer in each standing, by whom, and what it becomes. The one table. */
const TRANSITIONS = {
  accept: { from: ['offered'], to: 'accepted' },
  counter: { from: ['offered'], to: 'countered' },
  decline: { from: ['offered', 'countered', 'accepted'], to: 'declined' },
  receive: { from: ['accepted'], to: 'received' },
  'take-counter': { from: ['countered'], to: 'accepted' },
  withdraw: { from: ['offered', 'countered'], to: 'withdrawn' },
} as const satisfies Record<string, { from: readonly OfferStatus[]; to: OfferStatus }>;

export type OfferMove = keyof typeof TRANSITIONS;
/** The shop's moves; the others are the seller's. */
export const SHOP_MOVES = ['accept', 'counter', 'decline', 'receive'] as const satisfies OfferMove[];

export function nextOfferStatus(status: OfferStatus, move: OfferMove): OfferStatus | null {
  const rule = TRANSITIONS[move];
  return (rule.from as readonly OfferStatus[]).includes(status) ? rule.to : null;
}

export const OFFER_CONFLICTS: Record<OfferMove, string> = {
  accept: 'Only an offer waiting for an answer can be accepted.',
  counter: 'Only an offer waiting for an answer can be countered.',
  decline: 'This offer is already received, declined or withdrawn.',
  receive: 'Only an accepted offer can be received at the hub.',
  'take-counter': 'There is no counter-offer to take on this offer.',
  withdraw: 'Only an offer not yet accepted can be withdrawn.',
};

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  offered: 'Waiting for the shop',
  countered: 'The shop offers another price',
  accepted: 'Accepted: bring it to the hub',
  received: 'Received at the hub',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export interface OfferForm {
  productId: number;
  cycleId: number | null;
  quantity: string;
  unit: string;
  harvestedOn: string;
  bringOn: string;
  price: string;
}

export interface OfferedProduct {
  stockUnit: StockUnit | null;
}

export interface CheckedOffer {
  /** In the product's stock unit: grams, or fish. */
  quantity: number;
  harvestedOn: string;
  bringOn: string;
  priceKobo: number;
}

const refuse = (field: string, message: string): never => {
  throw new Invalid(message, { [field]: [message] });
};

/** A price per kg (or per fish) typed in naira as kobo, within the bounds; null otherwise. */
export function offerPriceOrNull(typed: string): number | null {
  const kobo = parseNaira(typed);
  return kobo !== null && kobo >= 100 && kobo <= MAX_OFFER_PRICE_KOBO ? kobo : null;
}

/** An amount typed in the product's stock unit as stored (kg → grams, fish whole), within the bounds; null otherwise. */
export function offerAmountOrNull(typed: string, unit: StockUnit): number | null {
  if (unit === 'kg') {
    const grams = parseKg(typed);
    return grams !== null && grams >= 10 && grams <= MAX_OFFER_GRAMS ? grams : null;
  }
  const fish = Number(typed.trim());
  return /^\d+$/.test(typed.trim()) && fish >= 1 && fish <= MAX_OFFER_UNITS ? fish : null;
}

/** The offer as the shop stores it, or the first field's message (nothing is saved). */
export function checkOffer(form: OfferForm, product: OfferedProduct, today: string): CheckedOffer {
  if (product.stockUnit === null) return refuse('productId', OFFER_MESSAGES.notCounted);
  const unit = product.stockUnit;
  if (form.unit !== unit)
    return refuse('quantity', unit === 'unit' ? OFFER_MESSAGES.soldByUnits : OFFER_MESSAGES.soldByKg);
  const quantity =
    offerAmountOrNull(form.quantity, unit) ??
    refuse('quantity', unit === 'kg' ? OFFER_MESSAGES.quantityKg : OFFER_MESSAGES.quantityUnits);
  const priceKobo = offerPriceOrNull(form.price) ?? refuse('price', OFFER_MESSAGES.price);
  if (!isCalendarDate(form.harvestedOn)) refuse('harvestedOn', OFFER_MESSAGES.harvestedOn);
  if (!isCalendarDate(form.bringOn)) refuse('bringOn', OFFER_MESSAGES.bringOn);
  if (form.bringOn < today) refuse('bringOn', OFFER_MESSAGES.bringPast);
  if (form.bringOn > addDays(today, BRING_WITHIN_DAYS)) refuse('bringOn', OFFER_MESSAGES.bringFar);
  if (form.harvestedOn < addDays(today, -HARVEST_AT_MOST_DAYS_AGO))
    refuse('harvestedOn', OFFER_MESSAGES.harvestOld);
  if (form.harvestedOn > form.bringOn) refuse('harvestedOn', OFFER_MESSAGES.harvestAfterBring);
  return { quantity, harvestedOn: form.harvestedOn, bringOn: form.bringOn, priceKobo };
}

/** "240 kg" or "300 fish", of an amount in the product's stock unit. */
export function offerAmountLabel(amount: number, unit: StockUnit): string {
  if (unit === 'unit') return `${amount.toLocaleString('en-NG')} fish`;
  return `${(amount / 1000).toLocaleString('en-NG', { maximumFractionDigits: 2 })} kg`;
}

/** "₦3,200 per kg" or "₦1,500 per fish". */
export function offerPriceLabel(priceKobo: number, unit: StockUnit): string {
  return `${formatNaira(priceKobo)} per ${unit === 'kg' ? 'kg' : 'fish'}`;
}
