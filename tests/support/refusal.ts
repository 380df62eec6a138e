import { expect } from 'vitest';

/** What a call that must be refused threw: its message and its field errors (fails the test if it went through). */
export async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { fieldErrors?: Record<string, string[]>; message: string } | null;
  expect(error).not.toBeNull();
  return error!;
}
