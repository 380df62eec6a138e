import * as z from 'zod/mini';
import { rowId } from '../ids';
import { parseNaira } from '../money';
import { DELIVERY_METHODS } from './methods';
import { BASE_RATE_STEP_KOBO, MAX_PICKUP_LOCATION_LENGTH, MAX_PICKUP_LOCATIONS } from './rates';
import { listEditParam } from '../list-query';

/** ₦10,000,000 per 50 kg is more than any delivery costs: a typo, not a rate. */
const MAX_BASE_RATE_KOBO = 10_000_000 * 100;

/**
 * The 'Add/Edit Delivery Rate' form (spec §5): location required and trimmed; base rate required,
 * numeric, at least 0, in steps of ₦100; the pickup locations come as one text, one per line (the chip
 * editor writes it), and are cleaned by `pickupLocationsFor` when saved.
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
