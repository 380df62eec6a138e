import { describe, expect, it } from 'vitest';
import { shopMoment } from '#core/calendar';

describe('shopMoment: a time alone within a day of now, the day too further off', () => {
  const now = new Date('2026-12-03T08:00:00Z'); // 09:00 in Port Harcourt
  it('reads the time alone within 24 hours, before or after', () => {
    expect(shopMoment(new Date('2026-12-03T14:00:00Z'), now)).toBe('15:00');
    expect(shopMoment(new Date('2026-12-02T20:00:00Z'), now)).toBe('21:00');
  });
  it('names the day further off, in the past as in the future', () => {
    expect(shopMoment(new Date('2026-12-01T08:18:00Z'), now)).toBe('1 Dec, 09:18');
    expect(shopMoment(new Date('2026-12-05T08:00:00Z'), now)).toBe('5 Dec, 09:00');
  });
});
