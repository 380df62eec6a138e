import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { NotFound } from '../errors';
import { isRowId } from '../ids';

/** A user's own notifications only: every query is scoped by the user id of the session. */

export async function listNotifications(db: Db, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(200);
}

export async function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function markNotificationRead(db: Db, userId: string, notificationId: number): Promise<void> {
  if (!isRowId(notificationId)) throw new NotFound('This notification does not exist.');
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw new NotFound('This notification does not exist.');
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}
