import { describe, expect, it } from 'vitest';
import { parseForm, safeRedirectPath } from '~/lib/forms';
import { emailConfirmedRedirect } from '~/lib/email-confirmed';
import { LoginSchema, SignUpSchema } from '#core/accounts/schemas';

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const valid = {
  fullName: 'Ada Obi',
  email: ' Ada@Example.NG ',
  password: 'catfish-123',
  confirmPassword: 'catfish-123',
  terms: 'on',
};

describe('sign-up form (spec §5)', () => {
  it('accepts a complete form and normalises the e-mail', () => {
    const result = parseForm(SignUpSchema, form(valid));
    expect(result).toMatchObject({ ok: true, data: { email: 'ada@example.ng', terms: true } });
  });

  it("says 'Passwords do not match' under the confirm field", () => {
    expect(parseForm(SignUpSchema, form({ ...valid, confirmPassword: 'other-123' }))).toEqual({
      ok: false,
      fieldErrors: { confirmPassword: 'Passwords do not match' },
    });
  });

  it('requires the terms to be accepted', () => {
    const { terms: _terms, ...withoutTerms } = valid;
    expect(parseForm(SignUpSchema, form(withoutTerms))).toEqual({
      ok: false,
      fieldErrors: { terms: 'You must agree to the terms and conditions' },
    });
  });

  it('requires every field', () => {
    const result = parseForm(SignUpSchema, form({}));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(Object.keys(result.fieldErrors).sort()).toEqual([
        'confirmPassword',
        'email',
        'fullName',
        'password',
        'terms',
      ]);
  });

  it('login needs an e-mail and a password', () => {
    expect(parseForm(LoginSchema, form({ email: 'nope', password: '' }))).toEqual({
      ok: false,
      fieldErrors: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
  });
});

describe('return targets after login', () => {
  it.each([
    ['/account?tab=orders', '/account?tab=orders'],
    ['/products?category=1#reviews', '/products?category=1#reviews'],
    ['//evil.example', '/'],
    ['https://evil.example/', '/'],
    ['https://evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/\\evil.example', '/'],
    ['\\evil.example', '/'],
    [null, '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  // The URL parser drops TAB, LF and CR, so these would reach the browser as //evil.example.
  it.each(['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/account\n'])(
    'refuses a control character: %j',
    (input) => {
      expect(safeRedirectPath(input)).toBe('/');
    },
  );

  it('keeps a percent-encoded tab, which stays in the path on our own site', () => {
    expect(safeRedirectPath('/%09/evil.example')).toBe('/%09/evil.example');
  });

  it('refuses a path that the parser turns into //evil.example', () => {
    expect(safeRedirectPath('/.//evil.example')).toBe('/');
    expect(safeRedirectPath('/a/..//evil.example')).toBe('/');
  });

  it('percent-encodes a non-ASCII path instead of failing', () => {
    expect(safeRedirectPath('/products/ẞ')).toBe('/products/%E1%BA%9E');
  });

  it('falls back to the given default', () => {
    expect(safeRedirectPath('//evil.example', '/admin')).toBe('/admin');
    expect(safeRedirectPath(undefined, '/admin')).toBe('/admin');
  });
});

describe('emailConfirmed=true (spec §2)', () => {
  it('sends the visitor to /email-confirmation', () => {
    expect(emailConfirmedRedirect(new URL('http://x/products?emailConfirmed=true'))).toBe(
      '/email-confirmation',
    );
  });
  it('on /email-confirmation removes the parameter and keeps the rest', () => {
    expect(emailConfirmedRedirect(new URL('http://x/email-confirmation?emailConfirmed=true'))).toBe(
      '/email-confirmation',
    );
    expect(emailConfirmedRedirect(new URL('http://x/email-confirmation?a=1&emailConfirmed=true'))).toBe(
      '/email-confirmation?a=1',
    );
  });
  it('does nothing otherwise', () => {
    expect(emailConfirmedRedirect(new URL('http://x/?emailConfirmed=false'))).toBeNull();
  });
});
