/**
 * npm run bench:payouts — payouts to sellers (issue 51 §5, Targets): 500 approved sellers, each with 20
 * lines whose claim window has closed, paid by Paystack Transfer against the stand-in answering every
 * call 200 ms late. Two phases:
 * 1. one payout run, timed: it must pay all 500 in ≤ 30 s;
 * 2. 20 more lines each, then 10 runs started at once: each seller must get exactly one more payout (and
 *    the stand-in one more transfer per seller, of the right amount).
 * The baseline of the same run is the stand-in itself: 500 bare POST /transfer calls, as many at once as
 * a run sends (`concurrency`), with no database — the least any design could take at this latency. The
 * run is printed as a ratio to it, with its absolute time beside.
 *
 * The sellers and their ledger lines are seeded straight into the database (a fixture: no orders are
 * placed, so the lines' order item and batch ids are the fixture's own, with foreign keys not checked
 * while it is written). The embedded database unless DATABASE_URL names a PostgreSQL server (then a
 * database `fc_bench_payouts` of its own there). Everything runs on this machine's loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { PaystackProvider } from '#core/payments/paystack';
import { runPayouts, type PayoutDeps } from '#core/sellers/payouts';
import { embeddedDataDir, openPglite, openPostgres, type Database } from '#db/client';
import { farms, sellerLedger, sellerPayouts, sellers, user } from '#db/schema';
import { startPaystackStandIn } from '../tests/support/paystack-stand-in';
import { freshDatabase } from '../tests/support/shop';
import { benchNodeVersion, migrateAndSeed, table, verdict } from './lib';
import { quietJobs } from '../tests/support/quiet-jobs';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 500);
const LINES = 20;
const LATENCY_MS = 200;
const CONCURRENCY = 8;
const TARGET_S = 30;
const LINE_KOBO = 432_000; // 2 kg at ₦2,400 a kg
const COMMISSION_KOBO = 43_200; // 10 %

async function seedSellers(database: Database): Promise<number[]> {
  const db = database.db;
  const people = await db
    .insert(user)
    .values(
      Array.from({ length: SELLERS }, (_, i) => ({
        id: `bench-seller-${i}`,
        name: `Bench Farmer ${i}`,
        email: `bench.seller.${i}@freshcatch.ng`,
        emailVerified: true,
      })),
    )
    .returning({ id: user.id });
  const farmRows = await db
    .insert(farms)
    .values(
      people.map((p, i) => ({ ownerId: p.id, name: `Bench Farm ${i}`, state: 'Rivers', town: 'Bonny' })),
    )
    .returning({ id: farms.id, userId: farms.ownerId });
  const sellerRows = await db
    .insert(sellers)
    .values(
      farmRows.map((farm, i) => ({
        userId: farm.userId,
        farmId: farm.id,
        businessName: `Bench Fish ${i}`,
        phone: '+2348035550101',
        status: 'approved' as const,
        commissionPercent: 10,
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: String(5_000_000_000 + i),
        accountName: `BENCH FARMER ${i}`,
        recipientCode: `RCP_bench${i}`,
      })),
    )
    .returning({ id: sellers.id });
  return sellerRows.map((row) => row.id);
}

/** 20 delivered lines per seller whose claim window closed an hour ago (round: which 20). */
async function seedLines(database: Database, sellerIds: number[], round: number) {
  const availableAt = new Date(Date.now() - 3_600_000);
  await database.db.transaction(async (tx) => {
    // The fixture's order item and batch ids stand for lines no order was placed for.
    await tx.execute(sql`set local session_replication_role = replica`);
    for (let start = 0; start < sellerIds.length; start += 50)
      await tx.insert(sellerLedger).values(
        sellerIds.slice(start, start + 50).flatMap((sellerId) =>
          Array.from({ length: LINES }, (_, line) => ({
            sellerId,
            kind: 'sale' as const,
            orderItemId: round * LINES + line + 1,
            batchId: sellerId,
            grossKobo: LINE_KOBO,
            commissionKobo: COMMISSION_KOBO,
            amountKobo: LINE_KOBO - COMMISSION_KOBO,
            commissionPercent: 10,
            availableAt,
          })),
        ),
      );
  });
}

async function main() {
  console.log(
    `• node ${benchNodeVersion()}: ${SELLERS} sellers × ${LINES} payable lines, Paystack ${LATENCY_MS} ms late`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'freshcatch-bench-payouts-'));
  let database: Database;
  let drop = async () => {};
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase(process.env.DATABASE_URL, 'fc_bench_payouts');
    database = await openPostgres(fresh.url, 4);
    drop = fresh.drop;
    console.log('• on PostgreSQL (DATABASE_URL)');
  } else {
    database = await openPglite({ dataDir: embeddedDataDir(dataDir) });
    console.log('• on the embedded database (PGlite)');
  }
  const stand = await startPaystackStandIn();
  try {
    await migrateAndSeed(database, { demo: false });
    const sellerIds = await seedSellers(database);
    await seedLines(database, sellerIds, 0);
    stand.answerAfterMs = LATENCY_MS;
    const transfers = new PaystackProvider({
      secretKey: stand.secretKey,
      publicKey: 'pk_test_standin',
      baseUrl: stand.url,
    });

    // Baseline: the same number of transfers, as many at once, straight to the stand-in.
    let next = 0;
    const bareStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < SELLERS) {
          const i = next++;
          await transfers.transfer({
            reference: `bench-baseline-${String(i).padStart(8, '0')}`,
            amountKobo: 100,
            recipientCode: `RCP_bench${i}`,
            reason: 'baseline',
          });
        }
      }),
    );
    const bareS = (performance.now() - bareStart) / 1000;

    const deps: PayoutDeps = {
      db: database.db,
      transfers,
      jobs: quietJobs,
      concurrency: CONCURRENCY,
      publicUrl: 'http://127.0.0.1',
      logger: {
        info: () => {},
        warn: (fields: object, message: string) =>
          console.log('  warn:', message, String((fields as { err?: Error }).err?.message ?? '')),
        error: (fields: object, message: string) => console.log('  error:', message, JSON.stringify(fields)),
      } as unknown as PayoutDeps['logger'],
    };
    const owed = LINES * (LINE_KOBO - COMMISSION_KOBO);

    const oneStart = performance.now();
    const one = await runPayouts(deps);
    const oneS = (performance.now() - oneStart) / 1000;
    const firstSent = await database.db
      .select({ status: sellerPayouts.status, amount: sellerPayouts.amountKobo })
      .from(sellerPayouts);
    const onePaid = firstSent.filter((p) => p.status === 'pending' && p.amount === owed).length;

    await seedLines(database, sellerIds, 1);
    // The first payouts land (as their webhooks would say), so each seller may be paid again.
    await database.db
      .update(sellerPayouts)
      .set({ status: 'success' })
      .where(eq(sellerPayouts.status, 'pending'));
    const tenStart = performance.now();
    const ten = await Promise.all(Array.from({ length: 10 }, () => runPayouts(deps)));
    const tenS = (performance.now() - tenStart) / 1000;
    const perSeller = await database.db
      .select({ sellerId: sellerPayouts.sellerId, n: sql<number>`count(*)::int` })
      .from(sellerPayouts)
      .where(inArray(sellerPayouts.sellerId, sellerIds))
      .groupBy(sellerPayouts.sellerId);
    const twiceEach = perSeller.length === SELLERS && perSeller.every((row) => row.n === 2);
    const byRecipient = new Map<string, number[]>();
    for (const t of stand.transfers.values())
      if (t.recipient.startsWith('RCP_bench') && !t.reference.startsWith('bench-baseline'))
        byRecipient.set(t.recipient, [...(byRecipient.get(t.recipient) ?? []), t.amount]);
    const transferredOnce =
      byRecipient.size === SELLERS &&
      [...byRecipient.values()].every((a) => a.length === 2 && a.every((k) => k === owed));

    if (!transferredOnce) {
      const counts = new Map<number, number>();
      for (const amounts of byRecipient.values())
        counts.set(amounts.length, (counts.get(amounts.length) ?? 0) + 1);
      const statuses = await database.db
        .select({ status: sellerPayouts.status, n: sql<number>`count(*)::int` })
        .from(sellerPayouts)
        .groupBy(sellerPayouts.status);
      console.log(
        '  transfers per seller at the stand-in:',
        Object.fromEntries(counts),
        'payouts:',
        statuses,
      );
    }
    console.log('');
    table([
      ['', 'seconds', '× baseline', 'payouts', 'target', ''],
      ['baseline: bare transfers', bareS.toFixed(1), '1.00', SELLERS, '', ''],
      [
        'one run',
        oneS.toFixed(1),
        (oneS / bareS).toFixed(2),
        `${one.payouts} (${onePaid} sent)`,
        `≤ ${TARGET_S} s`,
        verdict(oneS <= TARGET_S && onePaid === SELLERS),
      ],
      [
        '10 runs at once',
        tenS.toFixed(1),
        (tenS / bareS).toFixed(2),
        ten.reduce((sum, run) => sum + run.payouts, 0),
        'each seller once',
        verdict(twiceEach && transferredOnce),
      ],
    ]);
    console.log(
      `\n  each seller: ${twiceEach ? 'two payouts in all' : 'NOT two payouts'}; the stand-in: ${transferredOnce ? 'two transfers of ₦' + (owed / 100).toLocaleString('en-NG') + ' each' : 'NOT two transfers each'}`,
    );
  } finally {
    await stand.close();
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
