import { describe, expect, it } from 'vitest';
import { isOrderId, MAX_ROW_ID, parseRowId } from '#core/ids';

describe('route ids (one rule: parseRowId)', () => {
  it('reads a row id from a URL segment and nothing else', () => {
    expect(parseRowId('12')).toBe(12);
    expect(parseRowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
    for (const bad of [
      undefined,
      null,
      '',
      '0',
      '-1',
      '1e3',
      '1.5',
      'abc',
      ' 12',
      String(MAX_ROW_ID + 1),
      '99999999999',
    ])
      expect(parseRowId(bad)).toBeNull();
  });
});

describe('order ids by their beginning (the admin search)', () => {
  it('turns the hex an admin types into the range of uuids that begin with it', async () => {
    const { orderIdPrefixRange } = await import('#core/orders/management');
    expect(orderIdPrefixRange('A5A92074')).toEqual({
      from: 'a5a92074-0000-0000-0000-000000000000',
      to: 'a5a92074-ffff-ffff-ffff-ffffffffffff',
    });
    expect(orderIdPrefixRange('a5a9-20')).toEqual({
      from: 'a5a92000-0000-0000-0000-000000000000',
      to: 'a5a920ff-ffff-ffff-ffff-ffffffffffff',
    });
    for (const text of ['Ngozi', '', 'a5a9 2074', 'g123']) expect(orderIdPrefixRange(text)).toBeNull();
  });
});

describe('order ids (one rule: isOrderId)', () => {
  it('takes a uuid in either case and nothing else, so no query asks PostgreSQL for "1" as a uuid', () => {
    expect(isOrderId('d550f7cb-df55-488e-8243-adf400cc2889')).toBe(true);
    expect(isOrderId('D550F7CB-DF55-488E-8243-ADF400CC2889')).toBe(true);
    for (const bad of [
      '',
      '1',
      'd550f7cb',
      'd550f7cb-df55-488e-8243-adf400cc288',
      'd550f7cb-df55-488e-8243-adf400cc2889\u0000',
    ])
      expect(isOrderId(bad), bad).toBe(false);
  });
});
