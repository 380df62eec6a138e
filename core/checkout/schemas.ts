import * as z from 'zod/mini';
import { DELIVERY_METHODS } from '../delivery/methods';
import { MAX_LINE_QUANTITY } from '../cart/rules';
import { MAX_ROW_ID } from '../ids';

/**
 * What the browser sends to place an order: product ids and quantities, delivery and a code. Any
 * other field (a price, a total) is dropped: every amount is read again from the database.
 */
export const PlaceOrderSchema = z.object({
  items: z
    .array(
      z.object({
        productId: z.number().check(z.int(), z.positive(), z.lte(MAX_ROW_ID)),
        quantity: z
          .number()
          .check(
            z.int('Quantities are whole numbers'),
            z.minimum(1, 'Quantities start at 1'),
            z.maximum(MAX_LINE_QUANTITY),
          ),
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
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;
