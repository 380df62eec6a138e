import { count, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orders, user } from '../../db/schema';
import { recordAdminChange } from '../audit/log';
import { escapeLikePattern } from '../text';
import { Conflict, Forbidden, NotFound } from '../errors';
import { countedPage, countUpTo } from '../paging-queries';
import type { Counted } from '../paging';
import { assertOwner, SHOP_START_UP, type AdminActor, type Role } from '../roles';
import { formatNaira } from '../money';
import { eraseAccount } from './erase';
import { endAllSessions } from './sessions';
import { deliveryPlaces } from '../delivery/management';
import { matchPlace } from '../delivery/places';

/** A profile's location typed before places were chosen from the list may be off it (shown so). */
const listedPlace = (location: string | null, places: string[]) =>
  location !== null && matchPlace(location, places).listed;

/**
 * The admin's users screen (spec §2 "Users", §5, §6, §8): search, roles and deletion. The role has
 * one source of truth, `user.role`, written only here and read from the database on every admin
 * request (requireAdmin); revoking it also ends every session the admin had, so they are signed out
 * on their very next request whatever their cookie says.
 */

export const ADMIN_USERS_PAGE_SIZE = 25;

export const USER_MESSAGES = {
  notFound: 'This user no longer exists.',
  granted: 'User has been granted admin privileges',
  revoked: 'Admin privileges have been removed from this user',
  alreadyAdmin: 'Already an admin',
  alreadyAdminDetail: 'This user already has admin privileges.',
  notAdmin: 'This user is not an admin.',
  staffGranted: 'User is now staff: orders, the dispatch sheet, stock and the hub’s receiving',
  staffRevoked: 'Staff access has been removed from this user',
  notAUser: 'Only a customer account can be made staff; this user already works in the admin area.',
  notStaff: 'This user is not staff.',
  revokeSelf: 'You cannot remove your own admin privileges.',
  deleteSelf: 'You cannot delete your own account from the admin area.',
  lastAdmin: 'The last admin cannot be removed: grant another user admin privileges first.',
  awaitingPayment:
    'This user has an order waiting for payment. Try again once it is paid or has expired (30 minutes).',
  sellerOwed: (kobo: number) =>
    `The shop still owes this seller ${formatNaira(kobo)}: delete the account once it is paid to their bank.`,
  sellerOnSale:
    'This seller’s harvest is still on sale at the hub or offered: delete the account once it is sold or declined.',
  deleted: 'User has been deleted successfully',
  deleteConfirm: (name: string) =>
    `This will permanently delete the user ${name} and all their data. This action cannot be undone.`,
};

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  location: string | null;
  /** Whether the location is one of the places the shop delivers to (false when none is set). */
  locationListed: boolean;
  role: string;
  /** Whether signing in asks them for an authenticator's code (an owner may reset it). */
  twoFactor: boolean;
  emailVerified: boolean;
  createdAt: Date;
  /** Spec §8: a count that cannot be read shows 0. */
  orderCount: number;
}

export interface AdminUserPage extends Counted {
  users: AdminUserRow[];
  page: number;
  pages: number;
  /** True when the order counts could not be read (each then shows 0). */
  orderCountsFailed: boolean;
}

const ROW = {
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  location: user.location,
  role: user.role,
  twoFactor: user.twoFactorEnabled,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
};

/** Spec §5 "Admin filters": name, id or e-mail containing `q`, case-insensitive; newest first. */
export async function listUsersForAdmin(
  db: Db,
  _admin: AdminActor,
  query: { q?: string; page: number },
): Promise<AdminUserPage> {
  const where = query.q ? like(user.adminSearch, `%${escapeLikePattern(query.q.toLowerCase())}%`) : undefined;
  const { rows, ...counted } = await countedPage(
    countUpTo(db, user, where),
    query.page,
    ADMIN_USERS_PAGE_SIZE,
    (offset) =>
      db
        .select(ROW)
        .from(user)
        .where(where)
        .orderBy(desc(user.createdAt), desc(user.id))
        .limit(ADMIN_USERS_PAGE_SIZE)
        .offset(offset),
  );
  const places = await deliveryPlaces(db);
  let counts = new Map<string, number>();
  let orderCountsFailed = false;
  try {
    counts = await orderCountsOf(
      db,
      rows.map((r) => r.id),
    );
  } catch {
    orderCountsFailed = true;
  }
  return {
    users: rows.map((row) => ({
      orderCount: counts.get(row.id) ?? 0,
      locationListed: listedPlace(row.location, places),
      ...row,
    })),
    ...counted,
    orderCountsFailed,
  };
}

async function orderCountsOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId!, r.n]));
}

export interface AdminUserDetails extends AdminUserRow {
  paidOrderCount: number;
}

export async function getUserForAdmin(db: Db, _admin: AdminActor, id: string): Promise<AdminUserDetails> {
  const [row] = await db.select(ROW).from(user).where(eq(user.id, id));
  if (!row) throw new NotFound(USER_MESSAGES.notFound);
  const places = await deliveryPlaces(db);
  const [counts] = await db
    .select({
      all: count(),
      paid: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'success')`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, id));
  return {
    orderCount: counts?.all ?? 0,
    paidOrderCount: counts?.paid ?? 0,
    locationListed: listedPlace(row.location, places),
    ...row,
  };
}

/** The user's row, locked for this transaction. */
async function lockUser(tx: Tx, id: string) {
  const [row] = await tx.select(ROW).from(user).where(eq(user.id, id)).for('update');
  if (!row) throw new NotFound(USER_MESSAGES.notFound);
  return row;
}

/**
 * How many admins there are, with every admin row locked: two admins removing each other at once
 * are served one after the other, so the last admin is never removed.
 */
async function lockAdmins(tx: Tx): Promise<number> {
  // In id order, so two such transactions take the locks in the same order (no deadlock).
  const admins = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'admin'))
    .orderBy(user.id)
    .for('update');
  return admins.length;
}

export async function grantAdmin(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.role === 'admin')
      throw new Conflict(USER_MESSAGES.alreadyAdminDetail, USER_MESSAGES.alreadyAdmin);
    await setRole(tx, admin, target, 'admin', 'admin_granted');
  });
}

/**
 * Makes the operator's account an administrator at start-up (ADMIN_EMAIL, or the first start's
 * generated account), recorded as the shop's own change. False when it already was one.
 */
export async function makeOperatorAdmin(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.role === 'admin') return false;
    await setRole(tx, SHOP_START_UP, target, 'admin', 'admin_granted');
    return true;
  });
}

/**
 * A user's role changed, and the change in the activity log: the role's one write. A step down to a
 * customer ends every session they had, in every browser at once (their sessions were the admin area's).
 */
async function setRole(
  tx: Tx,
  admin: AdminActor,
  target: { id: string; name: string; role: string },
  role: Role,
  action: 'admin_granted' | 'admin_revoked' | 'staff_granted' | 'staff_revoked',
) {
  await tx.update(user).set({ role }).where(eq(user.id, target.id));
  const ended = role === 'user' ? await endAllSessions(tx, target.id) : undefined;
  await recordAdminChange(tx, admin, {
    kind: 'user',
    action,
    subjectId: target.id,
    subjectLabel: target.name,
    before: { role: target.role },
    after: ended === undefined ? { role } : { role, sessionsEnded: ended },
  });
}

/** Makes a customer staff (issue 52 §3): the admin area's orders, dispatch, stock and hub receiving. */
export async function grantStaff(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.role !== 'user') throw new Conflict(USER_MESSAGES.notAUser, 'Failed to make staff');
    await setRole(tx, admin, target, 'staff', 'staff_granted');
  });
}

/** Staff back to a customer: every session they had ends with the role, as an admin's does. */
export async function revokeStaff(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  await db.transaction(async (tx) => {
    const target = await lockUser(tx, userId);
    if (target.role !== 'staff') throw new Conflict(USER_MESSAGES.notStaff, 'Failed to remove staff');
    await setRole(tx, admin, target, 'user', 'staff_revoked');
  });
}

export async function revokeAdmin(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  if (userId === admin.id) throw new Forbidden(USER_MESSAGES.revokeSelf, 'Failed to remove admin role');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = await lockUser(tx, userId);
    if (target.role !== 'admin') throw new Conflict(USER_MESSAGES.notAdmin, 'Failed to remove admin role');
    if (admins <= 1) throw new Conflict(USER_MESSAGES.lastAdmin, 'Failed to remove admin role');
    await setRole(tx, admin, target, 'user', 'admin_revoked');
  });
}

/**
 * An owner deletes a user and their data (eraseAccount: core/accounts/erase.ts). An order still waiting
 * for its payment stops the deletion. The audit row keeps the name and what was removed, not the
 * person's details.
 */
export async function deleteUserAccount(db: Db, admin: AdminActor, userId: string): Promise<void> {
  assertOwner(admin);
  if (userId === admin.id) throw new Forbidden(USER_MESSAGES.deleteSelf, 'Failed to delete user');
  await db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const target = await lockUser(tx, userId);
    if (target.role === 'admin' && admins <= 1)
      throw new Conflict(USER_MESSAGES.lastAdmin, 'Failed to delete user');
    const erased = await eraseAccount(tx, userId);
    if (erased.waits === 'awaiting-payment')
      throw new Conflict(USER_MESSAGES.awaitingPayment, 'Failed to delete user');
    if (erased.waits === 'owed')
      throw new Conflict(USER_MESSAGES.sellerOwed(erased.owedKobo), 'Failed to delete user');
    if (erased.waits === 'on-sale') throw new Conflict(USER_MESSAGES.sellerOnSale, 'Failed to delete user');
    await recordAdminChange(tx, admin, {
      kind: 'user',
      action: 'deleted',
      subjectId: userId,
      subjectLabel: target.name,
      before: {
        role: target.role,
        joined: target.createdAt,
        paidOrdersKept: erased.paidKept,
        unpaidOrdersDeleted: erased.unpaidDeleted,
        reviewsDeleted: erased.reviewsDeleted,
        sellerClosed: erased.sellerClosed,
      },
    });
  });
}
