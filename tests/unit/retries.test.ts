import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRY_AGAIN, withRetries } from '~/lib/retries';

afterEach(() => vi.useRealTimers());

describe('withRetries (the toast library, a product page’s own bits)', () => {
  it('tries at once, then after each wait, and stops at the first answer', async () => {
    vi.useFakeTimers();
    const tries: number[] = [];
    const answers = [TRY_AGAIN, TRY_AGAIN, 'loaded'] as const;
    const result = withRetries([0, 1000, 3000], async () => {
      tries.push(Date.now());
      return answers[tries.length - 1]!;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(tries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await result).toBe('loaded');
    expect(tries[1]! - tries[0]!).toBe(1000);
    expect(tries[2]! - tries[1]!).toBe(3000);
  });

  it('answers undefined when every try asks for another', async () => {
    vi.useFakeTimers();
    let tries = 0;
    const result = withRetries([0, 10], async () => {
      tries++;
      return TRY_AGAIN;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(await result).toBeUndefined();
    expect(tries).toBe(2);
  });

  it('ends a wait as soon as the signal aborts, without another try', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let tries = 0;
    const result = withRetries(
      [0, 60_000],
      async () => {
        tries++;
        return TRY_AGAIN;
      },
      controller.signal,
    );
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    expect(await result).toBeUndefined();
    expect(tries).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
