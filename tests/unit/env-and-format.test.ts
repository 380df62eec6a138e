import { countLabel } from '#core/paging';
import { describe, expect, it } from 'vitest';
import {
  formatNaira,
  formatKg,
  formatWeight,
  groupThousands,
  gramsToKg,
  nairaFigure,
  nairaToKobo,
  parseKg,
  parseNaira,
  perWeightLabel,
} from '#core/money';
import { categoryFromId, categoryId } from '#core/catalog/categories';
import { EnvError, loadEnv, outboxed } from '#server/env';
import { formatAdminDateTime, formatShopperDate, formatShortDate, SHOP_TIME_ZONE } from '~/lib/dates';
import { timeAgo } from '~/lib/relative-time';

describe('environment', () => {
  it('stops with a clear message naming each bad variable', () => {
    expect(() => loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'x'.repeat(40) })).toThrow(
      EnvError,
    );
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'x'.repeat(40) });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    }
  });

  it('treats empty values as unset and derives the public URL from the port', () => {
    const env = loadEnv({ PORT: '4000', DATABASE_URL: '', SMTP_URL: '', AUTH_SECRET: 'y'.repeat(40) });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:4000');
    expect(env.WEB_CONCURRENCY).toBe(1);
  });

  it('runs several server processes only on PostgreSQL: the embedded database belongs to one process', () => {
    const secret = { AUTH_SECRET: 'z'.repeat(40), NODE_ENV: 'production' };
    expect(() => loadEnv({ ...secret, WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process',
    );
    expect(() => loadEnv({ ...secret, WEB_CONCURRENCY: '0' })).toThrow('WEB_CONCURRENCY');
    const env = loadEnv({ ...secret, WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/shop' });
    expect(env.WEB_CONCURRENCY).toBe(2);
    // Development ignores it (one process), so it is not refused there.
    expect(loadEnv({ ...secret, NODE_ENV: 'development', WEB_CONCURRENCY: '2' }).WEB_CONCURRENCY).toBe(2);
  });
});

describe('what the shop writes to the outbox for want of credentials (said at start-up)', () => {
  const secret = { AUTH_SECRET: 'z'.repeat(40) };
  it('names each channel whose variables are not set, and none that are', () => {
    expect(outboxed(loadEnv(secret))).toEqual([
      'e-mail (SMTP_URL not set)',
      'WhatsApp (WHATSAPP_* not set)',
      'SMS (TERMII_* not set)',
    ]);
    const configured = loadEnv({
      ...secret,
      SMTP_URL: 'smtp://mail.example:587',
      TERMII_API_KEY: 'TLkey',
      TERMII_SENDER_ID: 'FreshCatch',
    });
    expect(outboxed(configured)).toEqual(['WhatsApp (WHATSAPP_* not set)']);
  });
});

describe('money and weight (spec §9: ₦, en-NG, no decimals)', () => {
  it('formats kobo as naira', () => {
    expect(formatNaira(480_000)).toBe('₦4,800');
    expect(formatNaira(18_500_000)).toBe('₦185,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(-480_000)).toBe('-₦4,800');
    expect(formatNaira(123_456_789_00)).toBe('₦123,456,789');
    expect(formatNaira(99_950)).toBe('₦1,000');
  });
  it('writes naira exactly as Intl en-NG does, without loading Intl in the page', () => {
    const intl = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      maximumFractionDigits: 0,
    });
    const amounts = [1, 49, 50, 99_999, 100_000, 999_999_900, 1_000_000_000, -100_000, -123_456_789];
    for (let k = 0; k < 200; k++) amounts.push(Math.floor(Math.random() * 10 ** (2 + (k % 12))));
    for (const kobo of amounts) expect(formatNaira(kobo)).toBe(intl.format(Math.round(kobo / 100)));
  });
  it('groups counts as en-NG does (the lists\' "10,000+ orders", the search results)', () => {
    const numbers = [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, -4_800];
    for (let k = 0; k < 200; k++) numbers.push(Math.floor(Math.random() * 10 ** (1 + (k % 12))));
    for (const n of numbers) expect(groupThousands(n)).toBe(n.toLocaleString('en-NG'));
    expect(countLabel({ total: 10_000, moreThanTotal: true }, 'order', 'orders')).toBe('10,000+ orders');
    expect(countLabel({ total: 1, moreThanTotal: false }, 'order', 'orders')).toBe('1 order');
  });
  it('labels weights', () => {
    expect(formatWeight(500)).toBe('500 g');
    expect(formatWeight(1250)).toBe('1.25 kg');
    expect(perWeightLabel(1000)).toBe('per kg');
    expect(perWeightLabel(15_000)).toBe('per 15 kg');
  });
  it("writes the farm book's weights as a farmer reads them", () => {
    expect(formatKg(0.44)).toBe('0.4 g');
    expect(formatKg(90.4)).toBe('90 g');
    expect(formatKg(3636)).toBe('3.64 kg');
    expect(formatKg(1_012_400)).toBe('1,012 kg');
  });
});

describe("dates in the shop's time zone (spec §9)", () => {
  it('writes the spec formats, in Lagos time', () => {
    // 23:30 UTC on 4 Nov is 00:30 on 5 Nov in Lagos
    const lateNight = new Date('2026-11-04T23:30:00Z');
    expect(formatShopperDate(lateNight)).toBe('Nov 05, 2026');
    expect(formatShortDate(lateNight)).toBe('Nov 5, 2026');
    expect(formatAdminDateTime(lateNight)).toBe('Nov 5, 2026, 00:30');
    expect(formatShopperDate('2026-12-31T23:00:00.000Z')).toBe('Jan 01, 2027');
    expect(() => formatShopperDate('not a date')).toThrow(RangeError);
  });
  it('agrees with Intl in Africa/Lagos on any date', () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { ...options, timeZone: SHOP_TIME_ZONE });
    const shopper = intl({ month: 'short', day: '2-digit', year: 'numeric' });
    const short = intl({ month: 'short', day: 'numeric', year: 'numeric' });
    const withTime = intl({
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const start = Date.UTC(1990, 0, 1);
    const span = Date.UTC(2060, 0, 1) - start;
    for (let k = 0; k < 500; k++) {
      const date = new Date(start + Math.floor(Math.random() * span));
      expect(formatShopperDate(date)).toBe(shopper.format(date));
      expect(formatShortDate(date)).toBe(short.format(date));
      expect(formatAdminDateTime(date.toISOString())).toBe(withTime.format(date));
    }
  });
});

describe('category ids (spec §9: 1 fresh … 6 feeds)', () => {
  it('maps ids both ways and rejects others', () => {
    expect([1, 2, 3, 4, 5, 6].map((id) => categoryFromId(id))).toEqual([
      'fresh',
      'shellfish',
      'smoked',
      'dried',
      'equipment',
      'feeds',
    ]);
    expect(categoryFromId('7')).toBeUndefined();
    expect(categoryFromId('abc')).toBeUndefined();
    expect(categoryId('feeds')).toBe(6);
  });
});

describe('relative time of notifications (spec §2: always "x ago")', () => {
  it('counts seconds, minutes, hours and days back from the server’s now', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const ago = (seconds: number) => timeAgo(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(0)).toBe('0 seconds ago');
    expect(ago(30)).toBe('30 seconds ago');
    expect(ago(5 * 60)).toBe('5 minutes ago');
    expect(ago(3 * 3600)).toBe('3 hours ago');
    expect(ago(2 * 86_400)).toBe('2 days ago');
  });
});

describe('naira and kilograms at the form edge (one rule each)', () => {
  it('reads naira as kobo from what an admin types, with at most two decimals', () => {
    expect(parseNaira('4200')).toBe(420_000);
    expect(parseNaira(' 4,200.5 ')).toBe(420_050);
    expect(parseNaira('0.1')).toBe(10);
    expect(parseNaira('0')).toBe(0);
    for (const bad of ['', '-1', '1.234', 'abc', '1e5', '12.', '.5']) expect(parseNaira(bad)).toBeNull();
    expect(nairaFigure(420_050)).toBe('4200.50');
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
  });

  it('reads kilograms as grams, step 0.01 kg', () => {
    expect(parseKg('1')).toBe(1000);
    expect(parseKg('0.25')).toBe(250);
    expect(parseKg('1.5')).toBe(1500);
    expect(parseKg('0.01')).toBe(10);
    for (const bad of ['', '-1', '0.001', 'kg']) expect(parseKg(bad)).toBeNull();
    expect(gramsToKg(1250)).toBe(1.25);
  });
});
