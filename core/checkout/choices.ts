import type { Db } from '../../db/client';
import type { DeliveryMethod } from '../delivery/methods';
import { NotFound } from '../errors';
import { findOwnOrder } from '../orders/service';

/** What the shopper chose on the checkout page, as the order placed from it keeps them. */
export interface CheckoutChoices {
  deliveryMethod: DeliveryMethod;
  deliveryLocation: string;
  /** The pickup point chosen or typed ('' unless the method is pickup). */
  pickupLocation: string;
  /** The code as the order recorded it ('' without one). */
  discountCode: string;
}

/**
 * The choices of the shopper's own order that was not paid (declined, cancelled, an amount that did
 * not match), so checkout takes up where the shopper left it instead of starting again. Null for a
 * paid order, and for a reference that is not one of the shopper's orders.
 */
export async function choicesOfUnpaidOrder(
  db: Db,
  userId: string,
  reference: string,
): Promise<CheckoutChoices | null> {
  let order;
  try {
    order = await findOwnOrder(db, userId, reference);
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
  if (order.paymentStatus === 'success') return null;
  return {
    deliveryMethod: order.deliveryMethod,
    deliveryLocation: order.deliveryLocation,
    pickupLocation: order.pickupLocation ?? '',
    discountCode: order.discountCode ?? '',
  };
}
