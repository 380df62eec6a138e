import { describe, expect, it } from 'vitest';
import { MAX_ROW_ID, parseRowId } from '#core/ids';

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
