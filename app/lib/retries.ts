/** What an attempt answers when it should be tried again after the next wait. */
export const TRY_AGAIN: unique symbol = Symbol('try again');

/**
 * Runs `attempt` after each wait of `waits` in turn (ms; 0 is at once) until it answers anything but
 * TRY_AGAIN, for what a weak network or a busy server may lose. Answers undefined when every try asked
 * for another, or as soon as `signal` aborts: a wait in progress ends then, so nothing is held for it.
 */
export async function withRetries<T>(
  waits: readonly number[],
  attempt: () => Promise<T | typeof TRY_AGAIN>,
  signal?: AbortSignal,
): Promise<T | undefined> {
  for (const wait of waits) {
    if (wait > 0) await pause(wait, signal);
    if (signal?.aborted) return undefined;
    const answer = await attempt();
    if (answer !== TRY_AGAIN) return answer;
  }
  return undefined;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
