import { describe, expect, it } from 'vitest';
import { authCookiesOf, carriesSessionCache } from '#server/cookies';
import { SessionMemo } from '#core/accounts/session-memo';

describe('authCookiesOf', () => {
  it('keeps Better Auth’s cookies exactly as sent, with or without the __Secure- prefix, and nothing else', () => {
    expect(
      authCookiesOf(
        'fc_toast=x; better-auth.session_token=abc.sig%3D; theme=dark; better-auth.session_data=eyJ',
      ),
    ).toBe('better-auth.session_token=abc.sig%3D; better-auth.session_data=eyJ');
    expect(authCookiesOf('__Secure-better-auth.session_token=t.s')).toBe(
      '__Secure-better-auth.session_token=t.s',
    );
    expect(authCookiesOf('not-better-auth.session_token=t')).toBe('');
    // Only the session's own cookies: any other name under better-auth. cannot grow the key.
    expect(
      authCookiesOf(
        'better-auth.session_token=t.s; better-auth.junk1=xxxx; better-auth.session_data.0=a; better-auth.dont_remember=1',
      ),
    ).toBe('better-auth.session_token=t.s; better-auth.session_data.0=a; better-auth.dont_remember=1');
    expect(authCookiesOf(null)).toBe('');
    expect(authCookiesOf('')).toBe('');
  });
});

describe('carriesSessionCache', () => {
  it('is true only when the signed cookie cache is sent (whole or in chunks)', () => {
    expect(carriesSessionCache('better-auth.session_token=t.s; better-auth.session_data=eyJ')).toBe(true);
    expect(carriesSessionCache('__Secure-better-auth.session_data.0=eyJ')).toBe(true);
    expect(carriesSessionCache('better-auth.session_token=t.s; better-auth.dont_remember=1')).toBe(false);
    expect(carriesSessionCache('')).toBe(false);
  });
});

describe('SessionMemo', () => {
  const memo = (now: { t: number }, maxEntries = 3) =>
    new SessionMemo<string>({ ttlMs: 10_000, maxEntries, now: () => now.t });

  it('answers the same key until its time is up, then forgets it', () => {
    const now = { t: 1_000 };
    const sessions = memo(now);
    sessions.set('cookie-a', 'Amaka');
    expect(sessions.get('cookie-a')).toBe('Amaka');
    expect(sessions.get('cookie-b')).toBeUndefined();
    now.t += 9_999;
    expect(sessions.get('cookie-a')).toBe('Amaka');
    now.t += 1;
    expect(sessions.get('cookie-a')).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('never remembers a request without cookies', () => {
    const sessions = memo({ t: 0 });
    sessions.set('', 'nobody');
    expect(sessions.get('')).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('holds at most maxEntries: the oldest goes first', () => {
    const now = { t: 0 };
    const sessions = memo(now, 2);
    sessions.set('a', 'A');
    sessions.set('b', 'B');
    sessions.set('c', 'C');
    expect(sessions.size).toBe(2);
    expect(sessions.get('a')).toBeUndefined();
    expect(sessions.get('b')).toBe('B');
    expect(sessions.get('c')).toBe('C');
    // Set again, an entry counts from then and is the newest.
    now.t = 5_000;
    sessions.set('b', 'B2');
    sessions.set('d', 'D');
    expect(sessions.get('c')).toBeUndefined();
    expect(sessions.get('b')).toBe('B2');
    now.t = 14_999;
    expect(sessions.get('b')).toBe('B2');
  });
});
