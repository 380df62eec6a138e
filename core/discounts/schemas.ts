import * as z from 'zod/mini';
import { rowId } from '../ids';
import { isCalendarDate } from '../calendar';
import { parseNaira } from '../money';
import { DISCOUNT_SORT_COLUMNS } from './admin-rules';
import { DISCOUNT_TYPES } from './types';
import { listEditParam, listPageParam } from '../list-query';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An optional naira amount as kobo; blank is "none" (null). */
const optionalNaira = (label: string) =>
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text, ctx) => {
      if (!text) return null;
      const kobo = parseNaira(text);
      if (kobo === null) {
        ctx.issues.push({
          code: 'custom',
          message: `${label} must be a number of naira, at least 0`,
          input: text,
        });
        return z.NEVER;
      }
      return kobo;
    }),
  );

/** An optional whole number in a range; blank is "none" (null). */
const optionalWhole = (message: string, max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text, ctx) => {
      if (!text) return null;
      const value = Number(text);
      if (!/^\d+$/.test(text) || value > max) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return value;
    }),
  );

/**
 * The discount code form (spec §5 "Discount code form (admin)"): code required ('Code is required'),
 * at most 50 characters, trimmed and upper-cased; type amount, percent or free_delivery; amount ≥ 0,
 * percent 0–100, usage limit ≥ 0, minimum order ≥ 0, all optional (blank saves null); active by
 * default; an optional location restriction and expiry date. `discountCodeColumns` applies the save
 * rules of the type.
 */
export const DiscountCodeFormSchema = z.object({
  code: z
    .string('Code is required')
    .check(
      z.trim(),
      z.minLength(1, 'Code is required'),
      z.maxLength(50, 'Code must be at most 50 characters'),
      z.toUpperCase(),
    ),
  type: z.enum(DISCOUNT_TYPES, 'Type must be amount, percent, or free_delivery'),
  discountAmount: optionalNaira('Amount'),
  discountPercent: optionalWhole('Percent must be a whole number from 0 to 100', 100),
  minOrderAmount: optionalNaira('Minimum order amount'),
  usageLimit: optionalWhole('Usage limit must be a whole number, at least 0', 1_000_000_000),
  locationRestriction: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(80, 'Location is too long'))),
    z.transform((text) => text || null),
  ),
  expiresAt: z.pipe(
    z.optional(z.string().check(z.trim())),
    z.transform((text, ctx) => {
      if (!text) return null;
      if (!DATE.test(text)) {
        ctx.issues.push({ code: 'custom', message: 'Expiry must be a date', input: text });
        return z.NEVER;
      }
      if (!isCalendarDate(text)) {
        ctx.issues.push({ code: 'custom', message: `There is no such date as ${text}`, input: text });
        return z.NEVER;
      }
      return text;
    }),
  ),
  // A checkbox: sent as "true" when ticked, absent when not.
  active: z.pipe(
    z.optional(z.string()),
    z.transform((value) => value === 'true' || value === 'on'),
  ),
});
export type DiscountCodeFormInput = z.infer<typeof DiscountCodeFormSchema>;

const codeId = rowId;

/** The discount codes screen's forms: one discriminated `intent`. */
export const DiscountCodeActionSchema = z.discriminatedUnion('intent', [
  z.extend(DiscountCodeFormSchema, { intent: z.literal('create') }),
  // The code is locked in edit mode (spec §4): an edit may send it, but it is never changed.
  z.extend(DiscountCodeFormSchema, { intent: z.literal('update'), codeId, code: z.optional(z.string()) }),
  z.object({ intent: z.literal('delete'), codeId }),
]);

export const DiscountCodeListQuerySchema = z.object({
  sort: z.catch(z.optional(z.enum(DISCOUNT_SORT_COLUMNS)), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
  page: listPageParam,
  edit: listEditParam,
});
export type DiscountCodeListQuery = z.infer<typeof DiscountCodeListQuerySchema>;
