// Form schemas shared by the browser and the server: zod/mini keeps them small in the page bundle.
import * as z from 'zod/mini';
import { PHONE_MESSAGE } from '../phone-display';
import { CONTACT_CHANNELS } from '../messages/contact';
import { ORDER_STATUSES } from '../../db/schema/enums';
import { rowIdAsSent } from '../ids';
import { DELETE_ACCOUNT } from './own-account-rules';
import { USER_ID_PATTERN, listPageParam, listSearchParam } from '../list-query';

const email = z.string().check(z.trim(), z.toLowerCase(), z.email('Please enter a valid email address'));
const checkbox = z.pipe(
  z.transform((value: unknown) => value === 'on' || value === 'true' || value === true),
  z.boolean(),
);

/** The longest name an account may have (the `user_name_length` check in the database too). */
export const NAME_MAX_LENGTH = 100;

/**
 * An account's name, whichever way it arrives: the sign-up and profile forms, and Better Auth's own
 * writes (a Google or Facebook profile), which core/accounts/auth.ts checks with the same schema.
 */
export const fullName = z
  .string('Full name is required')
  .check(
    z.trim(),
    z.minLength(1, 'Full name is required'),
    z.maxLength(NAME_MAX_LENGTH, 'Full name is too long'),
  );

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const TERMS_REQUIRED = 'You must agree to the terms and conditions';

const newPassword = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
    z.maxLength(128, 'Password is too long'),
  );
const confirmPassword = z.string().check(z.minLength(1, 'Please confirm your password'));
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (form) => form.password === form.confirmPassword,
  { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
);

export const SignUpSchema = z
  .object({
    fullName,
    email,
    password: newPassword,
    confirmPassword,
    terms: checkbox.check(z.refine((accepted) => accepted, TERMS_REQUIRED)),
    /** Where the visitor was going when sent to log in: the confirmation link leads on to it. */
    redirectTo: z.optional(z.string()),
  })
  .check(passwordsMatch);
export type SignUpInput = z.infer<typeof SignUpSchema>;

/**
 * The sign-in pages' address: where to go afterwards (checked by safeRedirectPath before use), and the
 * admin sign-in's access-denied flag.
 */
export const ReturnTargetQuerySchema = z.object({
  redirectTo: z.catch(z.optional(z.string()), undefined),
  denied: z.catch(z.optional(z.string()), undefined),
});

export const LoginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Password is required')),
  redirectTo: z.optional(z.string()),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** An authenticator's 6 digits, or a backup code (`ab12c-3de45`): spaces and dashes as typed. */
const signInCode = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please type the code.'),
    z.maxLength(20, 'That code is not right. Please try again.'),
  );

/** The second step of a sign-in with two-factor: the code, which kind, and where to go afterwards. */
export const SignInCodeSchema = z.object({
  code: signInCode,
  kind: z.catch(z.enum(['app', 'backup']), 'app'),
  redirectTo: z.optional(z.string()),
});

/** The account's two-factor page: start the set-up (password), confirm it (code), turn it off, set up on a new phone. */
export const TwoFactorActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('start'),
    password: z.string().check(z.minLength(1, 'Password is required')),
  }),
  z.object({ intent: z.literal('confirm'), code: signInCode }),
  z.object({ intent: z.literal('off'), password: z.string().check(z.minLength(1, 'Password is required')) }),
  z.object({
    intent: z.literal('restart'),
    password: z.string().check(z.minLength(1, 'Password is required')),
  }),
]);

/** Admin login: email (email type) and password required (spec §5). */
export const AdminLoginSchema = LoginSchema;

export const NewsletterSchema = z.object({ email });

export const ForgotPasswordSchema = z.object({ email });

/** "Send the link again" on /verify-email: the address, and where the new link leads on to. */
export const ResendConfirmationSchema = z.object({ email, redirectTo: z.optional(z.string()) });

export const ResetPasswordSchema = z
  .object({
    token: z.string().check(z.minLength(1, 'This reset link is invalid or has expired.')),
    password: newPassword,
    confirmPassword,
  })
  .check(passwordsMatch);

const optionalText = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** The profile form (spec §5): e-mail read-only; full name, phone, delivery address, location editable. */
export const ProfileSchema = z.object({
  fullName,
  // What a number may look like; whether it is one is decided on the server (core/phone.ts).
  phone: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || /^\+?[0-9 ()-]{7,20}$/.test(v), PHONE_MESSAGE),
  ),
  address: optionalText(300, 'Please keep the address under 300 characters'),
  /** A place of the delivery list, or PLACE_NOT_LISTED with the town in `locationTyped` (delivery/places.ts). */
  location: optionalText(80, 'Please keep the location under 80 characters'),
  locationTyped: z.optional(optionalText(80, 'Please keep the town under 80 characters')),
  /** How the buyer hears about their orders beside e-mail (core/messages/contact.ts). */
  contact: z.optional(z.enum(CONTACT_CHANNELS, 'Please choose how to get your order updates.')),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** The admin's own profile on /admin/settings (spec §2): full name, phone number, default address. */
export const AdminProfileSchema = z.pick(ProfileSchema, { fullName: true, phone: true, address: true });
export type AdminProfileInput = z.infer<typeof AdminProfileSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, 'Please enter your current password')),
    password: newPassword,
    confirmPassword,
  })
  .check(passwordsMatch);

/**
 * Every form the account page posts, told apart by `intent` (STYLE §12). The profile and password
 * forms keep their own schemas' rules and messages; any other intent is refused.
 */
export const AccountActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.extend(ProfileSchema, { intent: z.literal('profile') }),
    z.extend(ChangePasswordSchema, { intent: z.literal('change-password') }),
    z.object({ intent: z.literal('mark-read'), id: rowIdAsSent }),
    z.object({ intent: z.literal('mark-all-read') }),
    // Your sessions (core/accounts/sessions.ts): Better Auth's ids are letters, digits, - and _.
    z.object({
      intent: z.literal('end-device'),
      sessionId: z.string().check(z.regex(USER_ID_PATTERN, 'That device is already signed out.')),
    }),
    z.object({ intent: z.literal('end-other-devices') }),
    // Delete my account (core/accounts/own-account.ts): the password, checked there.
    z.object({
      intent: z.literal('delete-account'),
      password: z
        .string({ error: DELETE_ACCOUNT.passwordMissing })
        .check(
          z.minLength(1, DELETE_ACCOUNT.passwordMissing),
          z.maxLength(1024, DELETE_ACCOUNT.wrongPassword),
        ),
    }),
  ],
  { error: 'Unknown request.' },
);
export type AccountActionInput = z.infer<typeof AccountActionSchema>;

/** The account page's tabs (spec §2 "Account"), the first the default. */
export const ACCOUNT_TABS = ['profile', 'orders', 'notifications', 'settings'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The account page's address: a tab, and the orders tab's status filter; anything else falls back. */
export const AccountPageQuerySchema = z.object({
  tab: z.catch(z.enum(ACCOUNT_TABS), 'profile'),
  status: z.catch(z.nullable(z.enum(ORDER_STATUSES)), null),
});

const userId = z.string().check(z.regex(USER_ID_PATTERN, 'This user no longer exists.'));

/** The admin users list's address (spec §2 "Users"): search, page and an open user, in the URL. */
export const UserListQuerySchema = z.object({
  q: listSearchParam,
  page: listPageParam,
  user: z.catch(z.optional(userId), undefined),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** The admin users screen's forms: one discriminated `intent`. */
export const UserActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('grant-admin'), userId }),
  z.object({ intent: z.literal('revoke-admin'), userId }),
  z.object({ intent: z.literal('grant-staff'), userId }),
  z.object({ intent: z.literal('revoke-staff'), userId }),
  z.object({ intent: z.literal('reset-two-factor'), userId }),
  z.object({ intent: z.literal('delete'), userId }),
]);
