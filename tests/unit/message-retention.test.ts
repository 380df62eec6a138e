import { describe, expect, it } from 'vitest';
import { forgetBefore, MESSAGE_RETENTION_DAYS } from '#core/retention';
import { loadEnv } from '#server/env';

// Issue 52 §5: outbox files and the message log keep who a message went to MESSAGE_RETENTION_DAYS days.
describe('how long a message keeps who it went to', () => {
  const env = (vars: Record<string, string>) => loadEnv({ AUTH_SECRET: 'y'.repeat(40), ...vars });

  it('is 30 days unless MESSAGE_RETENTION_DAYS says otherwise', () => {
    expect(MESSAGE_RETENTION_DAYS).toBe(30);
    expect(env({}).MESSAGE_RETENTION_DAYS).toBe(30);
    expect(env({ MESSAGE_RETENTION_DAYS: '' }).MESSAGE_RETENTION_DAYS).toBe(30);
    expect(env({ MESSAGE_RETENTION_DAYS: '14' }).MESSAGE_RETENTION_DAYS).toBe(14);
  });

  it('refuses a setting that is not a whole number of days from 1 to 3650, naming it', () => {
    expect(() => env({ MESSAGE_RETENTION_DAYS: 'a month' })).toThrow(
      'MESSAGE_RETENTION_DAYS is a number of days, such as 30',
    );
    expect(() => env({ MESSAGE_RETENTION_DAYS: '0' })).toThrow('MESSAGE_RETENTION_DAYS is at least 1 day');
    expect(() => env({ MESSAGE_RETENTION_DAYS: '7.5' })).toThrow(
      'MESSAGE_RETENTION_DAYS is a whole number of days',
    );
    expect(() => env({ MESSAGE_RETENTION_DAYS: '3651' })).toThrow(
      'MESSAGE_RETENTION_DAYS is at most 3650 days',
    );
  });

  it('forgets what was made 30 whole days before now: on 31 March at noon, what is older than 1 March at noon', () => {
    const now = new Date('2026-03-31T12:00:00Z');
    expect(forgetBefore(now, 30)).toEqual(new Date('2026-03-01T12:00:00Z'));
    expect(forgetBefore(now, 1)).toEqual(new Date('2026-03-30T12:00:00Z'));
  });
});
