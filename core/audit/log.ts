import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminActivity, user } from '../../db/schema';
import type { AdminActor } from '../roles';
import { countedPage, countUpTo } from '../paging-queries';
import type { Counted } from '../paging';
import type { AdminChangeAction, AdminChangeKind } from './kinds';
import type { ActivityQuery } from './schemas';

/**
 * The audit log: every admin change is recorded by `recordAdminChange`, inside the
 * transaction that makes the change, so there is never a change without its row or a row without its
 * change. Rows are never updated or deleted (a trigger refuses it).
 */

export interface AdminChange {
  kind: AdminChangeKind;
  action: AdminChangeAction;
  subjectId: string | number;
  subjectLabel: string;
  before?: object | null;
  after?: object | null;
}

/** Plain JSON (dates as ISO text) of a row, for the before and after columns. */
function snapshot(values: object | null | undefined): Record<string, unknown> | null {
  return values ? (JSON.parse(JSON.stringify(values)) as Record<string, unknown>) : null;
}

export async function recordAdminChange(tx: Tx | Db, admin: AdminActor, change: AdminChange): Promise<void> {
  await tx.insert(adminActivity).values({
    adminId: admin.id,
    adminName: admin.name,
    adminEmail: admin.email,
    kind: change.kind,
    action: change.action,
    subjectId: String(change.subjectId),
    subjectLabel: change.subjectLabel,
    before: snapshot(change.before),
    after: snapshot(change.after),
  });
}

/** One admin change to one row, as the row was after (created), before and after (updated), or before (deleted). */
export type RowChange<Row> = { created: Row } | { before: Row; updated: Row } | { deleted: Row };

/**
 * The audit row of an admin's change to one row of `kind` (a rate, a slot, a synonym…), labelled as the
 * screens name it: the usual shape of recordAdminChange, for a row with an id.
 */
export async function recordRowChange<Row extends { id: string | number }>(
  tx: Tx | Db,
  admin: AdminActor,
  kind: AdminChangeKind,
  labelOf: (row: Row) => string,
  change: RowChange<Row>,
): Promise<void> {
  const [action, row, before, after]: [AdminChangeAction, Row, Row | null, Row | null] =
    'created' in change
      ? ['created', change.created, null, change.created]
      : 'updated' in change
        ? ['updated', change.updated, change.before, change.updated]
        : ['deleted', change.deleted, change.deleted, null];
  await recordAdminChange(tx, admin, {
    kind,
    action,
    subjectId: row.id,
    subjectLabel: labelOf(row),
    before,
    after,
  });
}

export const ACTIVITY_PAGE_SIZE = 50;

export type ActivityEntry = typeof adminActivity.$inferSelect;

export interface ActivityPage extends Counted {
  entries: ActivityEntry[];
  page: number;
  pages: number;
}

/** /admin/activity: newest first, optionally one kind and/or one admin's changes. */
export async function listAdminActivity(
  db: Db,
  _admin: AdminActor,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const filters: SQL[] = [];
  if (query.kind) filters.push(eq(adminActivity.kind, query.kind));
  if (query.adminId) filters.push(eq(adminActivity.adminId, query.adminId));
  const where = filters.length ? and(...filters) : undefined;
  const { rows, ...counted } = await countedPage(
    countUpTo(db, adminActivity, where),
    query.page,
    ACTIVITY_PAGE_SIZE,
    (offset) =>
      db
        .select()
        .from(adminActivity)
        .where(where)
        .orderBy(desc(adminActivity.createdAt), desc(adminActivity.id))
        .limit(ACTIVITY_PAGE_SIZE)
        .offset(offset),
  );
  return { entries: rows, ...counted };
}

export interface ActivityAdmin {
  id: string;
  name: string;
  email: string;
}

/**
 * Everyone who has made a change, for the filter by admin: the distinct admin ids walked through their
 * index one at a time (a million rows cost a handful of index lookups per admin), named as their
 * account is now or, for a deleted account, as their latest change recorded them.
 */
export async function listActivityAdmins(db: Db, _admin: AdminActor): Promise<ActivityAdmin[]> {
  // Both drivers (node-postgres, PGlite) answer a raw query with its rows.
  const result = (await db.execute(sql`
    with recursive admins(id) as (
      (select admin_id from ${adminActivity} order by admin_id limit 1)
      union all
      select (select a.admin_id from ${adminActivity} a where a.admin_id > admins.id order by a.admin_id limit 1)
      from admins where admins.id is not null
    )
    select admins.id,
           coalesce(u.name, latest.admin_name) as name,
           coalesce(u.email, latest.admin_email) as email
    from admins
    left join ${user} u on u.id = admins.id
    left join lateral (
      select admin_name, admin_email from ${adminActivity} a
      where a.admin_id = admins.id order by a.created_at desc, a.id desc limit 1
    ) latest on true
    where admins.id is not null
    order by name`)) as unknown as { rows: ActivityAdmin[] };
  return result.rows.map((row) => ({ id: row.id, name: row.name, email: row.email }));
}
