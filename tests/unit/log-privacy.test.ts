import { describe, expect, it } from 'vitest';
import { loggedUrl } from '#server/logged-url';
import { loadEnv, mailNotice } from '#server/env';

describe("what the request log keeps of a mailed link's URL", () => {
  it("replaces a confirmation link's token and a password reset's, and keeps the rest", () => {
    expect(loggedUrl('/api/auth/verify-email?token=eyJhbGci.abc&callbackURL=%2Fverify-email')).toBe(
      '/api/auth/verify-email?token=[token]&callbackURL=%2Fverify-email',
    );
    expect(loggedUrl('/api/auth/reset-password/Xy12_ab-C?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[token]?callbackURL=%2Freset-password',
    );
    expect(loggedUrl('/reset-password?token=abc&error=')).toBe('/reset-password?token=[token]&error=');
    expect(loggedUrl('/search?q=titus+mackerel&page=2')).toBe('/search?q=titus+mackerel&page=2');
    expect(loggedUrl('/products/3')).toBe('/products/3');
  });
});

describe('what the start-up line says of e-mail', () => {
  const env = (vars: Record<string, string>) => loadEnv({ AUTH_SECRET: 'y'.repeat(40), ...vars });

  it('says the outbox logs addresses and links only without SMTP_URL', () => {
    expect(mailNotice(env({}))).toBe(
      'e-mail is written to DATA_DIR/outbox and to this log with its address and links (SMTP_URL not set): for a shop on one computer only',
    );
    expect(mailNotice(env({ SMTP_URL: 'smtp://mail.example.ng:587' }))).toBe(
      "e-mail goes by SMTP; the log keeps each mail's Message-ID and subject, never its address or links",
    );
  });
});
