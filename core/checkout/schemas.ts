import * as z from 'zod/mini';
import { DELIVERY_METHODS } from '../delivery/methods';
import { MAX_LINE_QUANTITY, QUANTITY_CAPPED_MESSAGE } from '../cart/rules';
import { MAX_ROW_ID } from '../ids';
import { CONTACT_CHANNELS } from '../messages/contact';

/**
 * What the browser sends to price or place an order: product ids, quantities and the farm chosen, delivery and a code. Any
 * other field (a price, a total) is dropped: every amount is read again from the database.
 */
export const QuoteSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID)),
        quantity: z
          .number()
          .check(
            z.int('Quantities are whole numbers'),
            z.minimum(1, 'Quantities start at 1'),
            z.maximum(MAX_LINE_QUANTITY, QUANTITY_CAPPED_MESSAGE),
          ),
        /** The farm's harvest the buyer chose (a batch sold only by name); none for the shop's own goods. */
        batchId: z.optional(z.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID))),
      }),
    )
    .check(z.minLength(1, 'Your cart is empty'), z.maxLength(100, 'Too many lines in one order')),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  deliveryLocation: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please enter a delivery location'), z.maxLength(80)),
  pickupLocation: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  discountCode: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});
export type QuoteInput = z.infer<typeof QuoteSchema>;

const RELOAD_CHECKOUT = 'Please reload the checkout page and try again.';

/** An order to place: the quote's fields and the checkout visit's key. */
export const PlaceOrderSchema = z.extend(QuoteSchema, {
  /** Made once per checkout visit: the same key places one order however often it is sent. */
  idempotencyKey: z.string(RELOAD_CHECKOUT).check(z.regex(/^[\w-]{16,100}$/, RELOAD_CHECKOUT)),
  /** The delivery slot chosen (core/delivery/slots.ts), for a method and location that deliver in slots. */
  deliverySlot: z.optional(
    z.object({
      slotId: z.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID)),
      day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a delivery slot.')),
    }),
  ),
  /**
   * How the buyer wants to hear about this order beside e-mail (core/messages/contact.ts), recorded as
   * their choice with the order. Absent (a page from before the choice existed): their choice stands.
   */
  contact: z.optional(z.enum(CONTACT_CHANNELS, 'Please choose how to get your order updates.')),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;

/**
 * The payment the shopper walked away from. Any reference is taken as sent: one that is not the
 * shopper's own order is refused by the order lookup (404), as an unknown one is.
 */
export const CancelPaymentSchema = z.object({ reference: z._default(z.string(), '') });

/**
 * Where a payment comes back to (/checkout/callback, /order-success): the order's reference (Paystack
 * sends it as `reference` and `trxref`), and whether the shopper closed the payment page.
 */
export const PaymentReturnQuerySchema = z.object({
  reference: z.catch(z.optional(z.string()), undefined),
  trxref: z.catch(z.optional(z.string()), undefined),
  cancelled: z.catch(z.optional(z.string()), undefined),
});

/** What the demo payment page answers for the bank. */
export const DemoPaymentDecisionSchema = z.object({
  decision: z.enum(['pay', 'decline'], 'Choose Pay or Decline.'),
});
