import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, queryRows } from '#db/client';
import { migrationsFolder } from '#db/migrate';

// A shop that upgrades keeps its refunds. Migration 0023 reads what each
// order recorded (a failed refund gave nothing back); 0024 gives each recorded refund its row and moves the
// demo provider's single refund into its own table.
const scratch = mkdtempSync(path.join(tmpdir(), 'fc-refund-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The committed migrations up to (not including) the one tagged `before`. */
function migrationsBefore(before: string): string {
  const folder = path.join(scratch, before);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string; idx: number }[];
  };
  const stop = journal.entries.findIndex((entry) => entry.tag.startsWith(before));
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migrations 0023 and 0024 over orders refunded before them', () => {
  it('keep what each order refunded, as one row per refund', async () => {
    const database = await openPglite();
    const db = database.db as unknown as PgliteDatabase;
    try {
      await migrate(db, { migrationsFolder: migrationsBefore('0023') });
      await db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Old Buyer', 'old.buyer@example.ng', true, now(), now())`);
      const order = (id: string, fields: string) =>
        db.execute(
          sql.raw(`insert into orders (id, user_id, status, payment_status, payment_reference, payment_provider,
            subtotal_kobo, delivery_fee_kobo, total_kobo, shipping_name, shipping_phone, shipping_address,
            total_weight_grams, delivery_method, delivery_location ${fields.split('|')[0]})
            values ('${id}', 'u1', 'pending', 'success', 'REF-${id.slice(-1)}', 'demo', 1000000, 250000, 1250000,
            'Old Buyer', '0803', '1 Road', 1000, 'standard', 'Port Harcourt' ${fields.split('|')[1]})`),
        );
      // Refunded in full by the provider; a refund on its way; one asked and never answered; one that failed.
      await order(
        '00000000-0000-4000-8000-000000000001',
        `, refund_status, refunded_kobo, refund_reference|, 'processed', 1250000, 'RF1'`,
      );
      await order(
        '00000000-0000-4000-8000-000000000002',
        `, refund_status, refunded_kobo|, 'pending', 1250000`,
      );
      await order('00000000-0000-4000-8000-000000000003', `, refund_status|, 'requested'`);
      await order(
        '00000000-0000-4000-8000-000000000004',
        `, refund_status, refunded_kobo, refund_failure|, 'failed', 1250000, 'Declined by bank'`,
      );
      await order('00000000-0000-4000-8000-000000000005', `|`);
      await db.execute(sql`insert into demo_payments (reference, amount_kobo, email, status, refunded_kobo)
        values ('REF-1', 1250000, 'old.buyer@example.ng', 'success', 1250000)`);

      await migrate(db, { migrationsFolder });

      const orders = await queryRows<Record<string, unknown>>(
        database.db,
        sql`select right(id::text, 1) as n, status, cancel_reason, refund_status, refunded_kobo::int as refunded,
            refunding_kobo::int as refunding from orders order by id`,
      );
      expect(orders).toEqual([
        {
          n: '1',
          status: 'cancelled',
          cancel_reason: 'refunded',
          refund_status: 'processed',
          refunded: 1250000,
          refunding: 0,
        },
        {
          n: '2',
          status: 'cancelled',
          cancel_reason: 'refunded',
          refund_status: 'pending',
          refunded: 1250000,
          refunding: 1250000,
        },
        {
          n: '3',
          status: 'pending',
          cancel_reason: null,
          refund_status: 'requested',
          refunded: null,
          refunding: 1250000,
        },
        {
          n: '4',
          status: 'pending',
          cancel_reason: null,
          refund_status: 'failed',
          refunded: null,
          refunding: 0,
        },
        { n: '5', status: 'pending', cancel_reason: null, refund_status: null, refunded: null, refunding: 0 },
      ]);
      const refunds = await queryRows<Record<string, unknown>>(
        database.db,
        sql`select right(order_id::text, 1) as n, amount_kobo::int as amount, reason, status, provider_reference,
            failure from order_refunds order by order_id, id`,
      );
      expect(refunds).toEqual([
        {
          n: '1',
          amount: 1250000,
          reason: 'cancelled',
          status: 'processed',
          provider_reference: 'RF1',
          failure: null,
        },
        {
          n: '2',
          amount: 1250000,
          reason: 'cancelled',
          status: 'pending',
          provider_reference: null,
          failure: null,
        },
        {
          n: '3',
          amount: 1250000,
          reason: 'other',
          status: 'requested',
          provider_reference: null,
          failure: null,
        },
        {
          n: '4',
          amount: 1250000,
          reason: 'other',
          status: 'failed',
          provider_reference: null,
          failure: 'Declined by bank',
        },
      ]);
      expect(
        await queryRows(database.db, sql`select reference, amount_kobo::int as amount from demo_refunds`),
      ).toEqual([{ reference: 'REF-1', amount: 1250000 }]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
