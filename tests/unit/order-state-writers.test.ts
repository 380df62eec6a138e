import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/source-files';

/**
 * An order's state has one writer: core/orders/lifecycle.ts changes it
 * and core/orders/placing.ts writes a new order. Any other module of the shop that updates an order's
 * status, payment, cancellation or refund, writes an order event or a refund row, fails this test.
 */

const ROOT = join(import.meta.dirname, '../..');
const WRITERS = new Set(['core/orders/lifecycle.ts', 'core/orders/placing.ts']);
const STATE_COLUMNS =
  /\b(status|paymentStatus|refundStatus|refundedKobo|refundingKobo|cancelReason|paidAt|claimStatus|paymentRemindedAt)\s*:/;

/** What in `source` writes an order's state outside its writers, as short descriptions. */
export function orderStateWrites(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\.update\(\s*orders\s*\)/g)) {
    const rest = source.slice(match.index + match[0].length);
    const end = rest.search(/\.(where|returning)\(|;/);
    const set = rest.slice(0, end === -1 ? 400 : end);
    const column = STATE_COLUMNS.exec(set);
    if (column) found.push(`.update(orders) sets ${column[1]}`);
  }
  if (/\.insert\(\s*orderEvents\s*\)/.test(source)) found.push('.insert(orderEvents)');
  // An order's refunds are part of its state: asked, answered and found by the lifecycle alone.
  for (const write of source.matchAll(/\.(insert|update|delete)\(\s*orderRefunds\s*\)/g))
    found.push(`.${write[1]}(orderRefunds)`);
  // …and so are its freshness claims: filed and decided by the lifecycle alone.
  for (const write of source.matchAll(/\.(insert|update|delete)\(\s*orderClaims\s*\)/g))
    found.push(`.${write[1]}(orderClaims)`);
  if (/insert\s+into\s+(\$\{\s*orderEvents\s*\}|"?order_events"?)/i.test(source))
    found.push('insert into order_events');
  if (/update\s+(\$\{\s*orders\s*\}|"?orders"?)\s+set/i.test(source)) found.push('update orders set (SQL)');
  return found;
}

describe('an order has one writer', () => {
  it('finds the writes it looks for (the check can fail)', () => {
    expect(
      orderStateWrites(`await tx.update(orders).set({ status: 'shipped' }).where(eq(orders.id, id));`),
    ).toEqual(['.update(orders) sets status']);
    expect(
      orderStateWrites(
        `tx.update(orders)\n  .set({ refundStatus: 'failed', refundFailure: x })\n  .where(w)`,
      ),
    ).toEqual(['.update(orders) sets refundStatus']);
    expect(orderStateWrites('await tx.insert(orderEvents).values({ orderId, kind })')).toEqual([
      '.insert(orderEvents)',
    ]);
    expect(orderStateWrites("await tx.update(orderRefunds).set({ status: 'failed' })")).toEqual([
      '.update(orderRefunds)',
    ]);
    expect(orderStateWrites("tx.update(orderClaims).set({ status: 'approved' })")).toEqual([
      '.update(orderClaims)',
    ]);
    expect(orderStateWrites("tx.update(orders).set({ claimStatus: 'open' })")).toEqual([
      '.update(orders) sets claimStatus',
    ]);
    expect(orderStateWrites('sql`update ${orders} set payment_status = 1`')).toEqual([
      'update orders set (SQL)',
    ]);
    expect(orderStateWrites('sql`insert into ${orderEvents} (order_id) values (1)`')).toEqual([
      'insert into order_events',
    ]);
    // What is not an order's state may be written elsewhere: the key of a replaced checkout.
    expect(
      orderStateWrites(`tx.update(orders).set({ idempotencyKey: null }).where(eq(orders.id, id))`),
    ).toEqual([]);
  });

  it('no module but the lifecycle writes an order’s status, payment, refund or events', () => {
    const writes = ['app', 'core', 'server', 'db'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).flatMap((path) => {
        const file = relative(ROOT, path);
        if (WRITERS.has(file)) return [];
        return orderStateWrites(readFileSync(path, 'utf8')).map((write) => `${file}: ${write}`);
      }),
    );
    expect(writes).toEqual([]);
  });
});

/** The tables of an order; only core/orders writes them (issue 49), whatever the column. */
const ORDER_TABLES = ['orders', 'orderItems', 'orderEvents', 'orderRefunds', 'orderClaims'];
const ORDER_TABLES_SQL = ['orders', 'order_items', 'order_events', 'order_refunds', 'order_claims'];

/** Every write in `source` to one of an order's tables, by Drizzle or in SQL. */
export function orderTableWrites(source: string): string[] {
  const tables = ORDER_TABLES.join('|');
  const found = [
    ...source.matchAll(new RegExp(`\\.(insert|update|delete)\\(\\s*(?:schema\\.)?(${tables})\\s*\\)`, 'g')),
  ].map((write) => `.${write[1]}(${write[2]})`);
  const inSql = `(?:\\$\\{\\s*(?:schema\\.)?(?:${tables})\\s*\\}|"?(?:${ORDER_TABLES_SQL.join('|')})"?)`;
  for (const write of source.matchAll(
    new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+${inSql}[\\s(]`, 'gi'),
  ))
    found.push(`${write[1]!.replace(/\s+/g, ' ').toLowerCase()} (SQL)`);
  return found;
}

describe("an order's tables have one owner, core/orders", () => {
  it('finds the writes it looks for (the check can fail)', () => {
    expect(orderTableWrites('await tx.update(orders).set({ idempotencyKey: null })')).toEqual([
      '.update(orders)',
    ]);
    expect(orderTableWrites('await tx.delete(orders).where(inArray(orders.id, ids))')).toEqual([
      '.delete(orders)',
    ]);
    expect(orderTableWrites('await tx.insert(schema.orderItems).values(items)')).toEqual([
      '.insert(orderItems)',
    ]);
    expect(orderTableWrites('sql`delete from ${orders} where user_id = ${id}`')).toEqual([
      'delete from (SQL)',
    ]);
    expect(orderTableWrites('sql`update order_items set quantity = 1`')).toEqual(['update (SQL)']);
    // Reading is everyone's.
    expect(orderTableWrites('tx.select().from(orders).where(eq(orders.userId, id))')).toEqual([]);
  });

  it('no module outside core/orders writes an order, its lines, events, refunds or claims', () => {
    const writes = ['app', 'core', 'server', 'db', 'scripts'].flatMap((dir) =>
      sourceFiles(join(ROOT, dir)).flatMap((path) => {
        const file = relative(ROOT, path);
        if (file.startsWith('core/orders/')) return [];
        return orderTableWrites(readFileSync(path, 'utf8')).map((write) => `${file}: ${write}`);
      }),
    );
    expect(writes).toEqual([]);
  });
});
