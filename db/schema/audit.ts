import { bigint, index, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ADMIN_CHANGE_ACTIONS, ADMIN_CHANGE_KINDS } from './enums';

export const adminChangeKind = pgEnum('admin_change_kind', ADMIN_CHANGE_KINDS);
export const adminChangeAction = pgEnum('admin_change_action', ADMIN_CHANGE_ACTIONS);

/**
 * Every admin change, written in the same transaction as the change itself
 * (core/audit/log.ts). Append-only: a trigger (migration 0010) refuses UPDATE and DELETE. The admin
 * is kept by id, name and e-mail as they were, with no foreign key, so deleting an account never
 * rewrites the history of what it did.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    adminEmail: text('admin_email').notNull(),
    kind: adminChangeKind('kind').notNull(),
    action: adminChangeAction('action').notNull(),
    /** The changed thing's id (a product id, an order's uuid, a user id) and a name to show for it. */
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // /admin/activity: newest first, all of it, or one kind, or one admin's.
    index('admin_activity_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('admin_activity_kind_created_idx').on(
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('admin_activity_admin_created_idx').on(
      t.adminId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('admin_activity_subject_idx').on(t.kind, t.subjectId),
  ],
);
