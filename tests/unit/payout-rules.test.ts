import { describe, expect, it } from 'vitest';
import { newPayoutReference, payoutMove, retryDelayMs } from '#core/sellers/payout-rules';
import { PAYOUT_RUN_WHEN } from '#core/sellers/rules';
import { SCHEDULES } from '#db/job-queue';

describe('payout rules (issue 51 §5)', () => {
  it('a reference Paystack takes, new each time', () => {
    const a = newPayoutReference();
    expect(a).toMatch(/^[a-z0-9-]{16,50}$/);
    expect(newPayoutReference()).not.toBe(a);
  });

  it('tries again after 2 minutes, doubling, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([120_000, 240_000, 480_000, 960_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it('money is owed again once: on a failure or a reversal, never on a replay', () => {
    expect(payoutMove('queued', 'pending')).toEqual({ to: 'pending', owedAgain: false });
    expect(payoutMove('pending', 'failed')).toEqual({ to: 'failed', owedAgain: true });
    expect(payoutMove('otp', 'success')).toEqual({ to: 'success', owedAgain: false });
    expect(payoutMove('success', 'reversed')).toEqual({ to: 'reversed', owedAgain: true });
    expect(payoutMove('failed', 'reversed')).toBeNull();
    expect(payoutMove('failed', 'failed')).toBeNull();
    expect(payoutMove('success', 'failed')).toBeNull();
    expect(payoutMove('reversed', 'success')).toBeNull();
    expect(payoutMove('pending', 'queued')).toBeNull();
  });
});

describe('the weekly payout run, said as it is scheduled', () => {
  it('the words name the cron of db/job-queue.ts in Lagos time (UTC+1)', () => {
    const cron = SCHEDULES.find((schedule) => schedule.queue === 'payout-run')!.cron;
    const [minute = '', hour, dayOfMonth, month, dayOfWeek] = cron.split(' ');
    expect([dayOfMonth, month]).toEqual(['*', '*']);
    const days = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
    const lagos = `${String((Number(hour) + 1) % 24).padStart(2, '0')}:${minute.padStart(2, '0')}`;
    expect(PAYOUT_RUN_WHEN).toBe(`on ${days[Number(dayOfWeek)]} at ${lagos}`);
  });
});
