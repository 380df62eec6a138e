import * as z from 'zod/mini';
import { parseRowId, rowId } from '../ids';

/* The sellers' forms (issue 51 §1); the service checks each rule again and answers the field's message. */

const typed = (message: string) => z.string(message).check(z.trim(), z.minLength(1, message));

export const BankAccountSchema = z.object({
  bankCode: typed('Choose your bank from the list.'),
  accountNumber: typed('Enter the 10-digit account number.'),
});

export const SellActionSchema = z.discriminatedUnion('intent', [
  z.extend(BankAccountSchema, { intent: z.literal('check') }),
  z.extend(BankAccountSchema, {
    intent: z.literal('apply'),
    businessName: typed('Business name is required.'),
    phone: typed('Phone is required.'),
  }),
  z.extend(BankAccountSchema, { intent: z.literal('change-bank'), password: z.string() }),
]);

const reason = z.optional(z.string());
const commission = z.optional(z.string());

export const AdminSellerActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), sellerId: rowId, commissionPercent: commission }),
  z.object({ intent: z.literal('decline'), sellerId: rowId, reason }),
  z.object({ intent: z.literal('suspend'), sellerId: rowId, reason }),
  z.object({ intent: z.literal('commission'), sellerId: rowId, commissionPercent: commission }),
  z.object({ intent: z.literal('default-commission'), commissionPercent: commission }),
]);

const optionalId = z.pipe(
  z.optional(z.string()),
  z.transform((typed) => (typed && /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : null)),
);
const textOf = z.pipe(
  z.optional(z.string()),
  z.transform((typed) => (typed ?? '').trim()),
);

/** The seller's offers page (issue 51 §2): offer a harvest, take the shop's counter-offer, withdraw. */
export const OfferActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('offer'),
    productId: rowId,
    cycleId: optionalId,
    quantity: textOf,
    unit: textOf,
    harvestedOn: textOf,
    bringOn: textOf,
    price: textOf,
  }),
  z.object({ intent: z.literal('take-counter'), offerId: rowId }),
  z.object({ intent: z.literal('withdraw'), offerId: rowId }),
]);

/** The owner's offers page: accept, counter, decline, receive at the hub. */
export const AdminOfferActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('accept'), offerId: rowId }),
  z.object({ intent: z.literal('counter'), offerId: rowId, price: textOf }),
  z.object({ intent: z.literal('decline'), offerId: rowId, reason: textOf }),
  z.object({ intent: z.literal('receive'), offerId: rowId, quantity: textOf }),
]);

/** The owner's payouts (issue 51 §5): pay every seller payable now, or one, with the password again. */
export const AdminPayoutActionSchema = z.object({
  intent: z.literal('pay'),
  /** "all" (or nothing), or one seller's id; an id that names no row finds no seller. */
  sellerId: z.pipe(
    z.optional(z.string()),
    z.transform((typed) =>
      !typed || typed.trim() === 'all' ? ('all' as const) : (parseRowId(typed.trim()) ?? 0),
    ),
  ),
  password: z.optional(z.string()),
});

/** A claim photo's address in the seller's area: which of the stored widths (the list's thumbnail is 400). */
export const ClaimPhotoQuerySchema = z.object({
  width: z.catch(z.optional(z.enum(['400', '800'])), undefined),
});
