import * as z from 'zod/mini';
import { PHONE_MESSAGE } from '../phone-display';

const optionalText = (max: number) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)),
    z.optional(z.string().check(z.maxLength(max, `Please keep this under ${max} characters`))),
  );

export const BulkEnquirySchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please tell us your name'),
      z.maxLength(100, 'Please keep this under 100 characters'),
    ),
  phone: z.string().check(z.trim(), z.regex(/^\+?[0-9 ()-]{7,20}$/, PHONE_MESSAGE)),
  email: z.string().check(z.trim(), z.toLowerCase(), z.email('Please enter a valid email address')),
  organisation: optionalText(120),
  location: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Where should we deliver?'),
      z.maxLength(120, 'Please keep this under 120 characters'),
    ),
  details: z
    .string()
    .check(
      z.trim(),
      z.minLength(10, 'Tell us what you need in a few words'),
      z.maxLength(2000, 'Please keep this under 2,000 characters'),
    ),
  weightKg: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined)),
    z.optional(
      z
        .number()
        .check(
          z.int('Whole kilograms, please'),
          z.minimum(1, 'At least 1 kg'),
          z.maximum(1_000_000, 'That is more than we can carry'),
        ),
    ),
  ),
  neededBy: optionalText(40),
});
export type BulkEnquiryInput = z.infer<typeof BulkEnquirySchema>;
