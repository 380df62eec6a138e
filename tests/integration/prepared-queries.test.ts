import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoPaymentProvider } from '#core/payments/demo';
import { createTestDatabase, type TestDatabase } from '../support/database';

// Checkout's reads are prepared statements built once per database (db/prepared.ts, decision 022).
// These check what that must never change: each run reads its own parameters, and a query run in a
// transaction runs in that transaction.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const start = (provider: DemoPaymentProvider, reference: string, amountKobo: number) =>
  provider.start({
    orderId: '00000000-0000-4000-8000-000000000000',
    reference,
    amountKobo,
    currency: 'NGN',
    email: 'buyer@freshcatch.test',
    callbackUrl: 'http://shop.test/checkout/callback',
  });

describe('prepared queries', () => {
  it('answer each run with its own parameters', async () => {
    const payments = new DemoPaymentProvider(database.db, 'http://shop.test');
    await start(payments, 'FC-PREPARED-ONE', 480_000);
    await start(payments, 'FC-PREPARED-TWO', 950_000);
    for (let round = 0; round < 3; round++) {
      expect(await payments.verify('FC-PREPARED-ONE')).toEqual({
        status: 'pending',
        reference: 'FC-PREPARED-ONE',
      });
      expect(await payments.verify('FC-PREPARED-TWO')).toEqual({
        status: 'pending',
        reference: 'FC-PREPARED-TWO',
      });
      expect(await payments.verify('FC-PREPARED-NONE')).toEqual({
        status: 'not_found',
        reference: 'FC-PREPARED-NONE',
      });
    }
  });

  it('run inside the transaction they are given: they see its rows, which go when it rolls back', async () => {
    // Warm the database's own prepared query first, so a mix-up between the two would show.
    await new DemoPaymentProvider(database.db, 'http://shop.test').verify('FC-IN-TRANSACTION');
    const seenInside = await database.db
      .transaction(async (tx) => {
        const payments = new DemoPaymentProvider(tx, 'http://shop.test');
        await start(payments, 'FC-IN-TRANSACTION', 120_000);
        const seen = await payments.verify('FC-IN-TRANSACTION');
        throw Object.assign(new Error('roll back'), { seen });
      })
      .catch((error: { seen?: unknown }) => error.seen);
    expect(seenInside).toEqual({ status: 'pending', reference: 'FC-IN-TRANSACTION' });
    const after = await new DemoPaymentProvider(database.db, 'http://shop.test').verify('FC-IN-TRANSACTION');
    expect(after).toEqual({ status: 'not_found', reference: 'FC-IN-TRANSACTION' });
  });

  it('bind each transaction to its own connection when two run at once', async () => {
    // On PostgreSQL the two transactions below are open together, each on its own connection; a query
    // bound to the wrong one would see the other's row and miss its own. (PGlite runs them in turn.)
    let bothStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      let waiting = 2;
      bothStarted = () => (--waiting === 0 ? resolve() : undefined);
    });
    const together = database.kind === 'postgres';
    const seenBy = (mine: string, theirs: string) =>
      database.db
        .transaction(async (tx) => {
          const payments = new DemoPaymentProvider(tx, 'http://shop.test');
          await start(payments, mine, 70_000);
          if (together) {
            bothStarted();
            await started;
          }
          const seen = [await payments.verify(mine), await payments.verify(theirs)];
          throw Object.assign(new Error('roll back'), { seen });
        })
        .catch((error: { seen?: unknown }) => error.seen);
    const [first, second] = await Promise.all([
      seenBy('FC-TX-FIRST', 'FC-TX-SECOND'),
      seenBy('FC-TX-SECOND', 'FC-TX-FIRST'),
    ]);
    expect(first).toEqual([
      { status: 'pending', reference: 'FC-TX-FIRST' },
      { status: 'not_found', reference: 'FC-TX-SECOND' },
    ]);
    expect(second).toEqual([
      { status: 'pending', reference: 'FC-TX-SECOND' },
      { status: 'not_found', reference: 'FC-TX-FIRST' },
    ]);
  });
});
