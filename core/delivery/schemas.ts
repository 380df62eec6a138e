import * as z from 'zod/mini';
import { rowId } from '../ids';
import { parseNaira } from '../money';
import { DELIVERY_METHODS } from './methods';
import { BASE_RATE_STEP_KOBO, MAX_PICKUP_LOCATION_LENGTH, MAX_PICKUP_LOCATIONS } from './rates';
import { listEditParam } from '../list-query';
import { parseClock } from './slots';

/** ₦10,000,000 per 50 kg is more than any delivery costs: a typo, not a rate. */
const MAX_BASE_RATE_KOBO = 10_000_000 * 100;

/** ₦100,000,000 of goods is past any order this shop takes: a typo, not a threshold. */
const MAX_FREE_FROM_KOBO = 100_000_000 * 100;

/**
 * The 'Add/Edit Delivery Rate' form (spec §5): location required and trimmed; base rate required,
 * numeric, at least 0, in steps of ₦100; the pickup locations come as one text, one per line (the chip
 * editor writes it), and are cleaned by `pickupLocationsFor` when saved. Ours (decision 045): 'Free
 * delivery from (₦)', optional, a whole number of naira above 0 — orders of at least that travel free.
 */
export const DeliveryRateFormSchema = z.object({
  location: z
    .string('Location is required')
    .check(z.trim(), z.minLength(1, 'Location is required'), z.maxLength(80, 'Location is too long')),
  method: z.enum(DELIVERY_METHODS, 'Please choose a delivery method'),
  baseRate: z.pipe(
    z.string('Base rate is required').check(z.trim(), z.minLength(1, 'Base rate is required')),
    z.transform((text, ctx) => {
      const kobo = parseNaira(text);
      if (kobo === null || kobo > MAX_BASE_RATE_KOBO) {
        ctx.issues.push({
          code: 'custom',
          message: 'Base rate must be a number of naira, at least 0',
          input: text,
        });
        return z.NEVER;
      }
      if (kobo % BASE_RATE_STEP_KOBO !== 0) {
        ctx.issues.push({ code: 'custom', message: 'Base rate must be in steps of ₦100', input: text });
        return z.NEVER;
      }
      return kobo;
    }),
  ),
  pickupLocations: z.pipe(
    z.optional(z.string().check(z.maxLength(MAX_PICKUP_LOCATIONS * (MAX_PICKUP_LOCATION_LENGTH + 1)))),
    z.transform((text) => (text ?? '').split('\n')),
  ),
  freeFrom: z.pipe(
    z.optional(z.string().check(z.maxLength(20))),
    z.transform((text, ctx): number | null => {
      const typed = (text ?? '').trim();
      if (!typed) return null;
      const kobo = parseNaira(typed);
      if (kobo === null || kobo <= 0 || kobo > MAX_FREE_FROM_KOBO || kobo % 100 !== 0) {
        ctx.issues.push({
          code: 'custom',
          message: 'Free delivery from must be a whole number of naira above 0, or left empty',
          input: typed,
        });
        return z.NEVER;
      }
      return kobo;
    }),
  ),
});
export type DeliveryRateFormInput = z.infer<typeof DeliveryRateFormSchema>;

const rateId = rowId;

/** The delivery rates screen's forms: one discriminated `intent`. */
export const DeliveryRateActionSchema = z.discriminatedUnion('intent', [
  z.extend(DeliveryRateFormSchema, { intent: z.literal('create') }),
  z.extend(DeliveryRateFormSchema, { intent: z.literal('update'), rateId }),
  z.object({ intent: z.literal('delete'), rateId }),
]);

export const DeliveryRateListQuerySchema = z.object({
  edit: listEditParam,
});

const clockField = (label: string) =>
  z.pipe(
    z.string(`${label} is required`).check(z.trim(), z.minLength(1, `${label} is required`)),
    z.transform((text, ctx) => {
      const minute = parseClock(text);
      if (minute === null) {
        ctx.issues.push({ code: 'custom', message: `${label} must be a time such as 14:00`, input: text });
        return z.NEVER;
      }
      return minute;
    }),
  );

/** Riders carry at most this many orders in one slot: more is a typo. */
export const MAX_SLOT_CAPACITY = 500;

/**
 * The 'Add/Edit Delivery Slot' form: a location (one of the delivery rates', checked where it is saved),
 * the window (start before end, 24-hour times, Lagos), the cut-off (a time on the slot's day, not after
 * its start, or on the day before) and how many orders its riders can take.
 */
export const DeliverySlotFormSchema = z
  .object({
    location: z
      .string('Location is required')
      .check(z.trim(), z.minLength(1, 'Location is required'), z.maxLength(80, 'Location is too long')),
    start: clockField('Start time'),
    end: clockField('End time'),
    cutoff: clockField('Cut-off time'),
    cutoffDay: z.enum(['same', 'before'], 'Choose the day of the cut-off'),
    capacity: z.pipe(
      z.string('Capacity is required').check(z.trim(), z.minLength(1, 'Capacity is required')),
      z.transform((text, ctx) => {
        const value = Number(text);
        if (!/^\d+$/.test(text) || value < 1 || value > MAX_SLOT_CAPACITY) {
          ctx.issues.push({
            code: 'custom',
            message: `Capacity must be a whole number from 1 to ${MAX_SLOT_CAPACITY}`,
            input: text,
          });
          return z.NEVER;
        }
        return value;
      }),
    ),
  })
  .check(
    z.refine((v) => v.start < v.end && v.start < 1440, {
      message: 'The slot must end after it starts, on the same day',
      path: ['end'],
    }),
    z.refine((v) => v.cutoff < 1440 && (v.cutoffDay === 'before' || v.cutoff <= v.start), {
      message: 'A cut-off on the same day must be at or before the start time',
      path: ['cutoff'],
    }),
  );
export type DeliverySlotFormInput = z.infer<typeof DeliverySlotFormSchema>;

/** The delivery slots screen's forms: one discriminated `intent`. */
export const DeliverySlotActionSchema = z.discriminatedUnion('intent', [
  z.extend(DeliverySlotFormSchema, { intent: z.literal('create') }),
  z.extend(DeliverySlotFormSchema, { intent: z.literal('update'), slotId: rowId }),
  z.object({ intent: z.literal('close'), slotId: rowId }),
  z.object({ intent: z.literal('open'), slotId: rowId }),
  z.object({ intent: z.literal('delete'), slotId: rowId }),
]);

export const DeliverySlotListQuerySchema = z.object({
  edit: listEditParam,
});

/** The dispatch sheet's address: one slot day (delivery_slot_days.id), or none for the list of them. */
export const DispatchSheetQuerySchema = z.object({
  day: z.catch(z.optional(rowId), undefined),
});
