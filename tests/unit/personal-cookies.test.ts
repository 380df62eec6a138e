import { describe, expect, it } from 'vitest';
import { hasPersonalCookie, hasSessionCookie, hasToastCookie } from '#server/cookies';

describe('personal cookies: one rule for the page cache, Cache-Control and the session lookup', () => {
  it('knows a session, with or without the HTTPS prefix, and a pending toast', () => {
    expect(hasSessionCookie('better-auth.session_token=abc.def')).toBe(true);
    expect(hasSessionCookie('theme=dark; __Secure-better-auth.session_token=abc')).toBe(true);
    expect(hasToastCookie('a=1; fc_toast=xyz')).toBe(true);
    expect(hasPersonalCookie('fc_toast=xyz')).toBe(true);
    expect(hasPersonalCookie('__Secure-better-auth.session_token=abc')).toBe(true);
  });

  it('does not take a value or another cookie that merely mentions the name for one', () => {
    expect(hasPersonalCookie(undefined)).toBe(false);
    expect(hasPersonalCookie('')).toBe(false);
    expect(hasPersonalCookie('note=better-auth.session_token=x')).toBe(false);
    expect(hasPersonalCookie('my_fc_toast=1; consent=yes')).toBe(false);
  });
});
