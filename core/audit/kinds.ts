import type { AdminChangeAction, AdminChangeKind } from '../../db/schema/enums';
import { discountTypeLabel, isDiscountType } from '../discounts/types';
import { formatNaira, formatWeight } from '../money';

/**
 * What the audit log records: the kinds of thing an admin changes and how. The
 * values are the schema's (db/schema/enums.ts); their words are here.
 */
export {
  ADMIN_CHANGE_ACTIONS,
  ADMIN_CHANGE_KINDS,
  type AdminChangeAction,
  type AdminChangeKind,
} from '../../db/schema/enums';

export const ADMIN_CHANGE_KIND_LABELS: Record<AdminChangeKind, string> = {
  product: 'Products',
  order: 'Orders',
  user: 'Users',
  delivery_rate: 'Delivery rates',
  delivery_slot: 'Delivery slots',
  discount_code: 'Discount codes',
  job: 'Background jobs',
  search_synonym: 'Search names',
  seller: 'Sellers',
  offer: 'Sellers’ offers',
  payout: 'Payouts',
};

const SUBJECT_NAMES: Record<AdminChangeKind, string> = {
  product: 'product',
  order: 'order',
  user: 'user',
  delivery_rate: 'delivery rate',
  delivery_slot: 'delivery slot',
  discount_code: 'discount code',
  job: 'background job',
  search_synonym: 'search name',
  seller: 'seller',
  offer: 'offer',
  payout: 'payout run',
};

const ACTION_WORDS: Record<AdminChangeAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  status_changed: 'Changed the status of',
  refunded: 'Refunded',
  admin_granted: 'Granted admin privileges to',
  admin_revoked: 'Removed admin privileges from',
  staff_granted: 'Made staff',
  staff_revoked: 'Removed staff from',
  two_factor_reset: 'Reset the two-factor sign-in of',
  retried: 'Retried',
  stock_received: 'Received stock of',
  stock_adjusted: 'Adjusted the stock of',
};

/** "Updated product", "Refunded order", "Granted admin privileges to user". */
export function describeAdminChange(kind: AdminChangeKind, action: AdminChangeAction): string {
  return `${ACTION_WORDS[action]} ${SUBJECT_NAMES[kind]}`;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields every save touches: not news about the change. */
const BOOKKEEPING_FIELDS = new Set(['updatedAt']);

/**
 * The fields whose value differs between `before` and `after` (either may be null: a creation or a
 * deletion lists every field of the other), in the order they first appear; bookkeeping left out.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => !BOOKKEEPING_FIELDS.has(field),
  );
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** A field's name for people: 'priceKobo' → 'Price', 'pickupLocations' → 'Pickup locations'. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/(Kobo|Grams)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields that hold a discount type: a code's own, and the one an order keeps from its code. */
function holdsDiscountType(field: string, kind: AdminChangeKind | undefined): boolean {
  return field === 'discountType' || (kind === 'discount_code' && field === 'type');
}

/**
 * A recorded value for people: money in naira, weights in kg, discount types in words, lists joined,
 * nothing as '—'. `kind` is what the entry changed (a field's name alone may not say what it holds).
 */
export function formatAuditValue(field: string, value: unknown, kind?: AdminChangeKind): string {
  if (value === null || value === undefined || value === '') return '—';
  if (holdsDiscountType(field, kind) && isDiscountType(value)) return discountTypeLabel(value);
  if (typeof value === 'number' && field.endsWith('Kobo')) return formatNaira(value);
  if (typeof value === 'number' && field.endsWith('Grams')) return formatWeight(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
