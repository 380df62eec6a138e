import * as z from 'zod/mini';
import { ORDER_STATUSES } from './statuses';
import { listPageParam, listSearchParam, listUserParam } from '../list-query';
import { isOrderId } from '../ids';

/** The payment filter of the admin orders list: paid, still waiting for payment, or never paid. */
export const PAYMENT_FILTERS = ['paid', 'awaiting', 'failed'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export const PAYMENT_FILTER_LABELS: Record<PaymentFilter, string> = {
  paid: 'Paid',
  awaiting: 'Awaiting payment',
  failed: 'Failed or expired',
};

const orderId = z.string().check(z.refine(isOrderId, 'This order does not exist.'));

/**
 * The admin orders list's address (spec §2, §5 "Admin filters"): search, status, payment, one
 * customer and the page, all in the URL. Anything unreadable falls back to "all".
 */
export const OrderListQuerySchema = z.object({
  q: listSearchParam,
  status: z.catch(z.optional(z.enum(ORDER_STATUSES)), undefined),
  payment: z.catch(z.optional(z.enum(PAYMENT_FILTERS)), undefined),
  userId: listUserParam,
  page: listPageParam,
  order: z.catch(z.optional(orderId), undefined),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

/** The admin orders screen's forms: one discriminated `intent`. */
export const OrderActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('status'), orderId, status: z.enum(ORDER_STATUSES) }),
  z.object({ intent: z.literal('delete'), orderId }),
  z.object({ intent: z.literal('refund'), orderId }),
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;
