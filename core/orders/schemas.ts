import * as z from 'zod/mini';
import { parseNaira } from '../money';
import { CHOSEN_REFUND_REASONS, ORDER_STATUSES, type RefundedLine, type RefundReason } from './statuses';
import { listPageParam, listSearchParam, listUserParam } from '../list-query';
import { isOrderId, rowId } from '../ids';

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
  /** One delivery slot's day (delivery_slot_days.id): the orders booked into it. */
  slot: z.catch(z.optional(rowId), undefined),
  page: listPageParam,
  order: z.catch(z.optional(orderId), undefined),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const REFUND_FORM_MESSAGES = {
  reason: 'Choose why the money goes back.',
  amount: 'Enter the amount to refund in naira, more than ₦0.',
  lines: 'Enter how many of each line to refund, as a whole number.',
  note: 'The note can be at most 500 characters.',
} as const;

/** How a refund is measured: all that is kept, chosen lines, or an amount. */
export const REFUND_BY = ['all', 'lines', 'amount'] as const;

/** A line's quantity on the refund form is the field `line-<item id>`. */
export const refundLineField = (itemId: number) => `line-${itemId}`;
const LINE_FIELD = /^line-(\d{1,9})$/;

/** What the admin asks for: why, and either some lines, an amount, or (neither) all that is kept. */
export interface RefundRequest {
  reason: RefundReason;
  amountKobo?: number;
  lines?: RefundedLine[];
  note?: string | null;
}

/**
 * The refund form of the admin's order details: why (the admin's reasons, or the cancel button's),
 * by what (all, lines, an amount), a note. Read into what core/orders/refunds.ts asks for.
 */
const RefundFormSchema = z.pipe(
  z.looseObject({
    intent: z.literal('refund'),
    orderId,
    reason: z.enum(['cancelled', ...CHOSEN_REFUND_REASONS], REFUND_FORM_MESSAGES.reason),
    by: z._default(z.enum(REFUND_BY), 'all'),
    amount: z.optional(z.string()),
    note: z.optional(z.string().check(z.trim(), z.maxLength(500, REFUND_FORM_MESSAGES.note))),
  }),
  z.transform((input, ctx) => {
    const request: RefundRequest = { reason: input.reason, note: input.note || null };
    if (input.by === 'amount') {
      const kobo = parseNaira(input.amount ?? '');
      if (kobo === null || kobo <= 0) {
        ctx.issues.push({ code: 'custom', message: REFUND_FORM_MESSAGES.amount, input, path: ['amount'] });
        return z.NEVER;
      }
      request.amountKobo = kobo;
    }
    if (input.by === 'lines') {
      const lines: RefundedLine[] = [];
      for (const [key, value] of Object.entries(input)) {
        const field = LINE_FIELD.exec(key);
        if (!field) continue;
        const text = typeof value === 'string' ? value.trim() : '';
        if (!/^\d{1,4}$/.test(text || '0')) {
          ctx.issues.push({ code: 'custom', message: REFUND_FORM_MESSAGES.lines, input, path: [key] });
          return z.NEVER;
        }
        lines.push({ itemId: Number(field[1]), quantity: Number(text || '0') });
      }
      request.lines = lines;
    }
    return { intent: input.intent, orderId: input.orderId, request };
  }),
);

export const CLAIM_FORM_MESSAGES = {
  description: 'Tell us what was wrong, in at most 1000 characters.',
  photo: 'Add a photo of the problem (JPEG, PNG, WebP or GIF, at most 5 MB).',
  lines: 'Enter how many of each item had the problem, as a whole number.',
  decline: 'Say why the claim is declined (the buyer is told), in at most 500 characters.',
  note: 'The note can be at most 500 characters.',
  reason: 'Choose why the money goes back.',
} as const;

/** A line's quantity on the buyer's claim form and the owner's approval is the field `claim-line-<item id>`. */
export const claimLineField = (itemId: number) => `claim-line-${itemId}`;
const CLAIM_LINE_FIELD = /^claim-line-(\d{1,9})$/;

/** The quantities of the `claim-line-<id>` fields, or the name of the first that is not a whole number. */
function claimLines(input: Record<string, unknown>): RefundedLine[] | { bad: string } {
  const lines: RefundedLine[] = [];
  for (const [key, value] of Object.entries(input)) {
    const field = CLAIM_LINE_FIELD.exec(key);
    if (!field) continue;
    const text = typeof value === 'string' ? value.trim() : '';
    if (!/^\d{1,4}$/.test(text || '0')) return { bad: key };
    lines.push({ itemId: Number(field[1]), quantity: Number(text || '0') });
  }
  return lines;
}

/** The buyer's claim form (multipart): the lines that arrived bad, what was wrong, and a photo. */
const ClaimFormSchema = z.pipe(
  z.looseObject({
    intent: z.literal('claim'),
    description: z
      .string(CLAIM_FORM_MESSAGES.description)
      .check(
        z.trim(),
        z.minLength(1, CLAIM_FORM_MESSAGES.description),
        z.maxLength(1000, CLAIM_FORM_MESSAGES.description),
      ),
    photo: z.custom<File>(
      (value) => typeof File !== 'undefined' && value instanceof File && value.size > 0,
      CLAIM_FORM_MESSAGES.photo,
    ),
  }),
  z.transform((input, ctx) => {
    const lines = claimLines(input);
    if ('bad' in lines) {
      ctx.issues.push({ code: 'custom', message: CLAIM_FORM_MESSAGES.lines, input, path: [lines.bad] });
      return z.NEVER;
    }
    return { intent: input.intent, description: input.description, photo: input.photo, lines };
  }),
);

/** The buyer's order page: cancel an unpaid order, or file a freshness claim on a delivered one. */
export const OrderPageActionSchema = z.discriminatedUnion(
  'intent',
  [z.object({ intent: z.literal('cancel') }), ClaimFormSchema],
  { error: 'Unknown request.' },
);

const claimId = z.coerce.number().check(z.int(), z.positive());

/** The owner's decision on a claim (the dashboard): approve with a refund of its lines, or decline. */
export const ClaimDecisionSchema = z.discriminatedUnion('intent', [
  z.pipe(
    z.looseObject({
      intent: z.literal('claim-approve'),
      orderId,
      claimId,
      reason: z.enum(CHOSEN_REFUND_REASONS, CLAIM_FORM_MESSAGES.reason),
      note: z.optional(z.string().check(z.trim(), z.maxLength(500, CLAIM_FORM_MESSAGES.note))),
    }),
    z.transform((input, ctx) => {
      const lines = claimLines(input);
      if ('bad' in lines) {
        ctx.issues.push({ code: 'custom', message: CLAIM_FORM_MESSAGES.lines, input, path: [lines.bad] });
        return z.NEVER;
      }
      return {
        intent: input.intent,
        orderId: input.orderId,
        claimId: input.claimId,
        reason: input.reason,
        note: input.note || null,
        lines: lines.length > 0 ? lines : undefined,
      };
    }),
  ),
  z.object({
    intent: z.literal('claim-decline'),
    orderId,
    claimId,
    note: z
      .string(CLAIM_FORM_MESSAGES.decline)
      .check(
        z.trim(),
        z.minLength(1, CLAIM_FORM_MESSAGES.decline),
        z.maxLength(500, CLAIM_FORM_MESSAGES.decline),
      ),
  }),
]);

/** The admin orders screen's forms: one discriminated `intent`. */
export const OrderActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('status'), orderId, status: z.enum(ORDER_STATUSES) }),
  z.object({ intent: z.literal('delete'), orderId }),
  RefundFormSchema,
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;
