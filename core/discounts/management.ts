import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { discountCodes, orders } from '../../db/schema';
import type { AdminActor } from '../roles';
import { recordAdminChange } from '../audit/log';
import { Conflict, Invalid, NotFound } from '../errors';
import { countedPage, countUpTo } from '../paging-queries';
import type { Counted } from '../paging';
import {
  DEFAULT_DISCOUNT_SORT,
  DISCOUNT_CODE_MESSAGES,
  discountCodeColumns,
  type DiscountCodeInput,
  type DiscountSort,
  FREE_DELIVERY_CODE,
  FREE_DELIVERY_LOCATION,
} from './admin-rules';
import { normalizeDiscountCode } from './rules';
import type { DiscountCodeListQuery } from './schemas';

/** The admin's discount codes screen (spec §2 "Discount Codes", §4, §5, §8, §9). */

export const ADMIN_DISCOUNTS_PAGE_SIZE = 25;

export type AdminDiscountCode = typeof discountCodes.$inferSelect;

export interface AdminDiscountCodePage extends Counted {
  codes: AdminDiscountCode[];
  page: number;
  pages: number;
  sort: DiscountSort;
}

/** Value sorts within a type (percent by percent, amount by amount, free delivery by its minimum). */
const VALUE = sql`coalesce(${discountCodes.discountPercent}, 0) + coalesce(${discountCodes.discountAmountKobo}, 0) + coalesce(${discountCodes.minOrderAmountKobo}, 0)`;

function orderFor(sort: DiscountSort): SQL[] {
  const dir = sort.dir === 'asc' ? asc : desc;
  switch (sort.column) {
    case 'code':
      return [dir(discountCodes.code)];
    case 'value':
      return [dir(discountCodes.type), dir(VALUE), dir(discountCodes.id)];
    case 'usage':
      return [dir(discountCodes.usedCount), dir(discountCodes.id)];
    case 'expires':
      // 'Never' is later than any date.
      return [
        sort.dir === 'asc'
          ? sql`${discountCodes.expiresAt} asc nulls last`
          : sql`${discountCodes.expiresAt} desc nulls first`,
        dir(discountCodes.id),
      ];
    case 'created':
      return [dir(discountCodes.createdAt), dir(discountCodes.id)];
  }
}

export async function listDiscountCodesForAdmin(
  db: Db,
  _admin: AdminActor,
  query: Pick<DiscountCodeListQuery, 'sort' | 'dir' | 'page'>,
): Promise<AdminDiscountCodePage> {
  const sort: DiscountSort = query.sort
    ? { column: query.sort, dir: query.dir ?? 'asc' }
    : DEFAULT_DISCOUNT_SORT;
  const { rows, ...counted } = await countedPage(
    countUpTo(db, discountCodes, undefined),
    query.page,
    ADMIN_DISCOUNTS_PAGE_SIZE,
    (offset) =>
      db
        .select()
        .from(discountCodes)
        .orderBy(...orderFor(sort))
        .limit(ADMIN_DISCOUNTS_PAGE_SIZE)
        .offset(offset),
  );
  return { codes: rows, ...counted, sort };
}

/**
 * The FREEDELIVERY card's count (spec §4): paid orders delivered to Port Harcourt (any case or
 * spacing) that used the code, by the code each order recorded when it was placed.
 */
export async function freeDeliveryUses(db: Db, _admin: AdminActor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.discountCode, FREE_DELIVERY_CODE),
        eq(orders.paymentStatus, 'success'),
        eq(sql`lower(trim(${orders.deliveryLocation}))`, FREE_DELIVERY_LOCATION.toLowerCase()),
      ),
    );
  return row?.n ?? 0;
}

export async function getDiscountCodeForAdmin(
  db: Db,
  _admin: AdminActor,
  id: number,
): Promise<AdminDiscountCode> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw new NotFound(DISCOUNT_CODE_MESSAGES.notFound);
  return row;
}

/** Runs a write, answering the unique index's refusal (two admins, one name) as the spec's message. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'discount_codes_code_unique'))
      throw new Conflict(DISCOUNT_CODE_MESSAGES.duplicate, 'Failed to create discount code');
    throw error;
  }
}

export async function createDiscountCode(
  db: Db,
  admin: AdminActor,
  input: DiscountCodeInput & { code: string },
): Promise<AdminDiscountCode> {
  const code = normalizeDiscountCode(input.code);
  const columns = discountCodeColumns(input);
  return guarded(() =>
    db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, code));
      if (existing) throw new Conflict(DISCOUNT_CODE_MESSAGES.duplicate, 'Failed to create discount code');
      const [created] = await tx
        .insert(discountCodes)
        .values({ ...columns, code })
        .returning();
      await recordAdminChange(tx, admin, {
        kind: 'discount_code',
        action: 'created',
        subjectId: created!.id,
        subjectLabel: created!.code,
        after: created,
      });
      return created!;
    }),
  );
}

/**
 * Saves an edit. The code itself is locked (spec §4); a usage limit below the uses already counted
 * is refused, since those orders exist.
 */
export async function updateDiscountCode(
  db: Db,
  admin: AdminActor,
  id: number,
  input: DiscountCodeInput,
): Promise<AdminDiscountCode> {
  const columns = discountCodeColumns(input);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!before) throw new NotFound(DISCOUNT_CODE_MESSAGES.notFound);
    if (columns.usageLimit !== null && columns.usageLimit < before.usedCount) {
      const message = DISCOUNT_CODE_MESSAGES.limitBelowUsed(before.usedCount);
      throw new Invalid(message, { usageLimit: [message] }, 'Failed to update discount code');
    }
    const [updated] = await tx.update(discountCodes).set(columns).where(eq(discountCodes.id, id)).returning();
    await recordAdminChange(tx, admin, {
      kind: 'discount_code',
      action: 'updated',
      subjectId: id,
      subjectLabel: before.code,
      before,
      after: updated,
    });
    return updated!;
  });
}

/**
 * Deletes a code. Orders that used it keep their discount and the code's name and type (recorded on
 * the order when it was placed); an unpaid order holding one of its uses simply no longer holds it.
 */
export async function deleteDiscountCode(db: Db, admin: AdminActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(discountCodes).where(eq(discountCodes.id, id)).returning();
    if (!deleted) throw new NotFound(DISCOUNT_CODE_MESSAGES.notFound);
    await recordAdminChange(tx, admin, {
      kind: 'discount_code',
      action: 'deleted',
      subjectId: id,
      subjectLabel: deleted.code,
      before: deleted,
    });
  });
}
