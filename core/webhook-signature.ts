import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature our providers put on their webhooks: the hex HMAC of the raw body with a secret
 * (Paystack and Termii: SHA-512; WhatsApp: SHA-256 behind "sha256="). Checked in constant time.
 */
export type HmacAlgorithm = 'sha256' | 'sha512';

const HEX_LENGTH: Record<HmacAlgorithm, number> = { sha256: 64, sha512: 128 };

/** The hex HMAC of `rawBody` with `secret`: what a provider would send (stand-ins and tests sign with it). */
export function signBody(algorithm: HmacAlgorithm, rawBody: Uint8Array | string, secret: string): string {
  return createHmac(algorithm, secret).update(rawBody).digest('hex');
}

/** Whether `hex` is the HMAC of `rawBody` with `secret`, in time that does not tell how much matched. */
export function isSignedBody(
  algorithm: HmacAlgorithm,
  rawBody: Uint8Array,
  hex: string | null | undefined,
  secret: string,
): boolean {
  if (!hex || hex.length !== HEX_LENGTH[algorithm] || !/^[0-9a-f]+$/i.test(hex)) return false;
  const expected = createHmac(algorithm, secret).update(rawBody).digest();
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a secret a caller gave (a verify token) is ours, in time that does not tell how much matched. */
export function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
