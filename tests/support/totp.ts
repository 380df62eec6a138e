import { createOTP } from '@better-auth/utils/otp';
import { base32 } from '@better-auth/utils/base32';

/**
 * Two-factor sign-in for the tests' admins and staff (the admin door requires it): the authenticator
 * secret every fixture account shares, and its code now, computed as any authenticator app computes it
 * (RFC 6238, with the library Better Auth itself uses). The set-up through the real pages is tested by
 * tests/integration/two-factor.test.ts and the e2e suite.
 */
export const TEST_TOTP_SECRET = 'freshcatch-fixture-totp-secret01';

/** The authenticator's code now for `secret` (the fixture secret unless another is given). */
export function codeNow(secret: string = TEST_TOTP_SECRET): Promise<string> {
  return createOTP(secret).totp();
}

/** The code now for the key a set-up page shows (Base32, as an authenticator app reads it). */
export function codeForKey(key: string): Promise<string> {
  return codeNow(new TextDecoder().decode(base32.decode(key)));
}
