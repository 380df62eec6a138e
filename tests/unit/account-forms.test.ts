import { describe, expect, it } from 'vitest';
import { parseForm, safeRedirectPath } from '~/lib/forms';
import { emailConfirmedRedirect } from '~/lib/email-confirmed';
import { emailConfirmationCallback, withReturnTarget } from '~/lib/return-target';
import { AccountActionSchema, LoginSchema, SignUpSchema } from '#core/accounts/schemas';
import { ReviewActionSchema } from '#core/reviews/schemas';

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

describe('one schema per page that posts several forms, told apart by intent (STYLE §12)', () => {
  it('keeps each form’s own rules and messages', () => {
    expect(
      parseForm(
        AccountActionSchema,
        form({
          intent: 'change-password',
          currentPassword: 'x',
          password: 'catfish-123',
          confirmPassword: 'y',
        }),
      ),
    ).toEqual({ ok: false, fieldErrors: { confirmPassword: 'Passwords do not match' } });
    expect(
      parseForm(AccountActionSchema, form({ intent: 'profile', fullName: ' ', phone: '' })),
    ).toMatchObject({
      ok: false,
      fieldErrors: { fullName: 'Full name is required' },
    });
    expect(
      parseForm(ReviewActionSchema, form({ intent: 'review', rating: '9', reviewText: 'Fresh' })),
    ).toEqual({
      ok: false,
      fieldErrors: { rating: 'Choose a rating from 1 to 5' },
    });
  });

  it('refuses an intent the account page does not post', () => {
    expect(parseForm(AccountActionSchema, form({ intent: 'make-me-admin' }))).toEqual({
      ok: false,
      fieldErrors: { intent: 'Unknown request.' },
    });
  });

  it('never refuses a row id itself: one that names no row is core’s 404, after the admin check', () => {
    for (const id of ['abc', '', '-1', '1.5', '1e10']) {
      const deletion = parseForm(ReviewActionSchema, form({ intent: 'delete-review', reviewId: id }));
      expect(deletion, id).toMatchObject({ ok: true, data: { intent: 'delete-review' } });
      const markRead = parseForm(AccountActionSchema, form({ intent: 'mark-read', id }));
      expect(markRead, id).toMatchObject({ ok: true, data: { intent: 'mark-read' } });
    }
    expect(parseForm(ReviewActionSchema, form({ intent: 'delete-review' }))).toMatchObject({ ok: true });
    expect(parseForm(ReviewActionSchema, form({ intent: 'delete-review', reviewId: '42' }))).toEqual({
      ok: true,
      data: { intent: 'delete-review', reviewId: 42 },
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

describe('the return target a confirmation link keeps', () => {
  it('lands every confirmation link on /email-confirmation, with the target when there is one', () => {
    expect(emailConfirmationCallback(undefined)).toBe('/email-confirmation');
    expect(emailConfirmationCallback('/')).toBe('/email-confirmation');
    expect(emailConfirmationCallback('/checkout')).toBe('/email-confirmation?redirectTo=%2Fcheckout');
    // A target that would leave the shop is dropped, as after login.
    expect(emailConfirmationCallback('//evil.example/steal')).toBe('/email-confirmation');
  });
  it('adds the target to a path that already has a query', () => {
    expect(withReturnTarget('/verify-email?email=a%40b.ng', '/account?tab=orders')).toBe(
      '/verify-email?email=a%40b.ng&redirectTo=%2Faccount%3Ftab%3Dorders',
    );
    expect(withReturnTarget('/login', null)).toBe('/login');
  });
});
