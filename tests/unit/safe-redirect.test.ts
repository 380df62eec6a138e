import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '~/lib/forms';

const SHOP = 'https://freshcatch.example';

// Pieces that have opened redirects elsewhere: slashes the parser reads as an authority, characters it
// strips, userinfo and scheme separators, encoded slashes and dot segments.
const piece = fc.constantFrom(
  '/',
  '\\',
  '\t',
  '\n',
  '\r',
  ' ',
  '@',
  ':',
  '%2F',
  '%5C',
  '%09',
  'evil.example',
  '.',
  '..',
  '?',
  '#',
  'https:',
  'javascript:',
  'ẞ',
);
const trickyTarget = fc.oneof(
  fc.string({ unit: piece, maxLength: 12 }),
  fc.string({ unit: piece, maxLength: 12 }).map((rest) => `/${rest}`),
);
const anyString = fc.string({ unit: 'binary' });
const anyTarget = fc.oneof(
  anyString,
  anyString.map((rest) => `/${rest}`),
  trickyTarget,
);

describe('return targets stay in the shop (property)', () => {
  it('always answers a same-origin path fit for a Location header, and never throws', () => {
    fc.assert(
      fc.property(anyTarget, (input) => {
        const result = safeRedirectPath(input);
        expect(result.startsWith('/')).toBe(true);
        expect(result.startsWith('//')).toBe(false);
        expect(result.startsWith('/\\')).toBe(false);
        expect(new URL(result, SHOP).origin).toBe(SHOP);
        expect(result).toMatch(/^[\x21-\x7e]*$/);
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts its own answer unchanged: what the browser follows is what was checked', () => {
    fc.assert(
      fc.property(anyTarget, (input) => {
        const result = safeRedirectPath(input);
        expect(safeRedirectPath(result, '/fallback')).toBe(result);
      }),
      { numRuns: 5_000 },
    );
  });

  it('keeps a plain shop path exactly as it was', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });
});
