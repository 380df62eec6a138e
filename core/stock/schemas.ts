import * as z from 'zod/mini';
import { isCalendarDate } from '../calendar';
import { rowId } from '../ids';
import { BATCH_DATE_KINDS, STOCK_ADJUST_REASONS, STOCK_UNITS } from './rules';

/**
 * The owner's stock forms (core/stock/batches.ts). Quantities are read as text: kilograms with up to
 * three decimals for goods counted by weight, whole units otherwise; batches.ts turns them into the
 * product's stock unit once it knows which.
 */

const QUANTITY = /^\d{1,6}(\.\d{1,3})?$/;

const quantity = (label: string) =>
  z.pipe(
    z.string(`${label} is required`).check(z.trim(), z.minLength(1, `${label} is required`)),
    z.transform((text, ctx) => {
      const value = Number(text);
      if (!QUANTITY.test(text) || !(value > 0)) {
        ctx.issues.push({ code: 'custom', message: `${label} must be a number above 0`, input: text });
        return z.NEVER;
      }
      return text;
    }),
  );

const requiredDay = (label: string) =>
  z.pipe(
    z.string(`${label} is required`).check(z.trim(), z.minLength(1, `${label} is required`)),
    z.transform((text, ctx) => {
      if (isCalendarDate(text)) return text;
      ctx.issues.push({ code: 'custom', message: `${label} must be a date`, input: text });
      return z.NEVER;
    }),
  );

const optionalDay = (label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text, ctx) => {
      if (!text) return null;
      if (isCalendarDate(text)) return text;
      ctx.issues.push({ code: 'custom', message: `${label} must be a date`, input: text });
      return z.NEVER;
    }),
  );

const note = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(200, 'Keep the note under 200 characters'))),
  z.transform((text) => text || null),
);

/** Receiving a batch: "Catfish, 40 kg, caught 27 Nov"; "Smoked mackerel, 12 kg, smoked 24 Nov, best before 8 Dec". */
export const ReceiveStockSchema = z.object({
  intent: z.literal('receive'),
  quantity: quantity('Quantity'),
  dateKind: z.enum(BATCH_DATE_KINDS, 'Say what the date is: caught, smoked, dried or made'),
  preparedOn: requiredDay('Date'),
  bestBefore: optionalDay('Best before'),
  note,
});
export type ReceiveStockInput = z.infer<typeof ReceiveStockSchema>;

/** Taking stock off a batch (spoiled, weighed short, eaten by the cat), or adding what a recount found. */
export const AdjustStockSchema = z.object({
  intent: z.literal('adjust'),
  batchId: rowId,
  quantity: quantity('Quantity'),
  reason: z.enum(STOCK_ADJUST_REASONS, 'Please choose a reason'),
  note,
});
export type AdjustStockInput = z.infer<typeof AdjustStockSchema>;

/** How the product's stock is counted: not at all (its in-stock flag), in kilograms, or in units. */
export const StockCountingSchema = z.object({
  intent: z.literal('counting'),
  stockUnit: z.enum([...STOCK_UNITS, 'none'], 'Please choose how the stock is counted'),
});

export const StockActionSchema = z.discriminatedUnion('intent', [
  ReceiveStockSchema,
  AdjustStockSchema,
  StockCountingSchema,
]);
export type StockAction = z.infer<typeof StockActionSchema>;
