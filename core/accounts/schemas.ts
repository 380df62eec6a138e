import { z } from 'zod';

const email = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address'));
const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const TERMS_REQUIRED = 'You must agree to the terms and conditions';

export const SignUpSchema = z
  .object({
    fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
    email,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(128, 'Password is too long'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    terms: checkbox.refine((accepted) => accepted, TERMS_REQUIRED),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const LoginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const NewsletterSchema = z.object({ email });

export const ForgotPasswordSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1, 'This reset link is invalid or has expired.'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(128, 'Password is too long'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });
