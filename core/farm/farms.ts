import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { farms, farmWorkers, user } from '../../db/schema';
import { Forbidden, Invalid, NotFound } from '../errors';
import { phoneToE164 } from '../phone';
import type { FarmForm } from './schemas';

/**
 * Farms and who may open them (issue 50 §1): the farm's owner, and the workers the owner invited. A
 * worker records the day's work for that farm only and sees no money. The farm area's door
 * (app/lib/auth/farm-door.server.ts) asks `farmAccess` on every request for a farm's page.
 */

export type FarmRole = 'owner' | 'worker';

/** Who is looking at which farm: what the farm's door hands to every route under it. */
export interface FarmAccess {
  farmId: number;
  farmName: string;
  userId: string;
  role: FarmRole;
}

export const FARM_REFUSALS = {
  notFound: 'This farm was not found, or you are not one of its people.',
  ownerOnly: "Only the farm's owner can see or change this: it holds the farm's money.",
  title: 'Not your farm',
} as const;

/** The farm as `userId` may see it, or null: not theirs, not working there, or no such farm. */
export async function farmAccess(db: Db, userId: string, farmId: number): Promise<FarmAccess | null> {
  const [row] = await db
    .select({ id: farms.id, name: farms.name, ownerId: farms.ownerId, workerId: farmWorkers.id })
    .from(farms)
    .leftJoin(farmWorkers, and(eq(farmWorkers.farmId, farms.id), eq(farmWorkers.userId, userId)))
    .where(eq(farms.id, farmId))
    .limit(1);
  if (!row) return null;
  if (row.ownerId === userId) return { farmId: row.id, farmName: row.name, userId, role: 'owner' };
  if (row.workerId !== null) return { farmId: row.id, farmName: row.name, userId, role: 'worker' };
  return null;
}

/** The owner only: costs, prices, margins, stocking, harvests and the farm's people. */
export function requireOwner(access: FarmAccess): void {
  if (access.role !== 'owner') throw new Forbidden(FARM_REFUSALS.ownerOnly, FARM_REFUSALS.title);
}

export interface FarmSummary {
  id: number;
  name: string;
  state: string;
  town: string;
  role: FarmRole;
}

/** The farms a user owns or works on, owned first. */
export async function farmsOf(db: Db, userId: string): Promise<FarmSummary[]> {
  const rows = await db
    .select({
      id: farms.id,
      name: farms.name,
      state: farms.state,
      town: farms.town,
      ownerId: farms.ownerId,
    })
    .from(farms)
    .leftJoin(farmWorkers, and(eq(farmWorkers.farmId, farms.id), eq(farmWorkers.userId, userId)))
    .where(or(eq(farms.ownerId, userId), eq(farmWorkers.userId, userId)))
    .orderBy(asc(farms.id));
  return rows
    .map(({ ownerId, ...farm }) => ({
      ...farm,
      role: ownerId === userId ? ('owner' as const) : ('worker' as const),
    }))
    .sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

/** A farm of one's own: anyone signed in may keep one (a farmer also buys from the shop). */
export async function createFarm(db: Db, userId: string, form: FarmForm): Promise<{ id: number }> {
  const [farm] = await db
    .insert(farms)
    .values({ ownerId: userId, name: form.name, state: form.state, town: form.town })
    .returning({ id: farms.id });
  return farm!;
}

export const INVITE_MESSAGES = {
  notContact: 'Give an e-mail address or a Nigerian phone number',
  already: 'This person is already invited to the farm',
  self: 'You own this farm already',
} as const;

/**
 * The owner invites a worker by e-mail or phone. The invitation waits until someone signed in with
 * that (confirmed) e-mail address or that phone opens My farm and joins (`joinInvitations`).
 */
export async function inviteWorker(db: Db, access: FarmAccess, contact: string): Promise<void> {
  requireOwner(access);
  const typed = contact.trim();
  const email = typed.includes('@') ? typed.toLowerCase() : null;
  const phone = email ? null : phoneToE164(typed);
  if (email === null && phone === null)
    throw new Invalid(INVITE_MESSAGES.notContact, { contact: [INVITE_MESSAGES.notContact] });
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new Invalid(INVITE_MESSAGES.notContact, { contact: [INVITE_MESSAGES.notContact] });
  const [owner] = await db
    .select({ email: user.email, phone: user.phone })
    .from(user)
    .where(eq(user.id, access.userId));
  if (owner && ((email && owner.email.toLowerCase() === email) || (phone && owner.phone === phone)))
    throw new Invalid(INVITE_MESSAGES.self, { contact: [INVITE_MESSAGES.self] });
  try {
    await db.insert(farmWorkers).values({ farmId: access.farmId, invitedEmail: email, invitedPhone: phone });
  } catch (error) {
    if (
      isUniqueViolation(error, 'farm_workers_email_unique') ||
      isUniqueViolation(error, 'farm_workers_phone_unique')
    )
      throw new Invalid(INVITE_MESSAGES.already, { contact: [INVITE_MESSAGES.already] });
    throw error;
  }
}

/** The user's contacts an invitation may name: a confirmed e-mail address, the profile's phone. */
async function invitationMatches(db: Db, userId: string) {
  const [who] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, phone: user.phone })
    .from(user)
    .where(eq(user.id, userId));
  if (!who) return null;
  const matches = [
    ...(who.emailVerified ? [eq(farmWorkers.invitedEmail, who.email.toLowerCase())] : []),
    ...(who.phone ? [eq(farmWorkers.invitedPhone, who.phone)] : []),
  ];
  return matches.length === 0 ? null : or(...matches)!;
}

/** The farms inviting this user that they have not joined: My farm offers "Join <farm>" for each. */
export async function pendingInvitations(
  db: Db,
  userId: string,
): Promise<{ farmId: number; farmName: string; town: string; state: string }[]> {
  const matches = await invitationMatches(db, userId);
  if (!matches) return [];
  const [rows, mine] = await Promise.all([
    db
      .selectDistinct({ farmId: farms.id, farmName: farms.name, town: farms.town, state: farms.state })
      .from(farmWorkers)
      .innerJoin(farms, eq(farms.id, farmWorkers.farmId))
      .where(and(isNull(farmWorkers.userId), matches))
      .orderBy(asc(farms.id)),
    db.select({ farmId: farmWorkers.farmId }).from(farmWorkers).where(eq(farmWorkers.userId, userId)),
  ]);
  const joined = new Set(mine.map((row) => row.farmId));
  return rows.filter((row) => !joined.has(row.farmId));
}

/**
 * The user takes up their invitations to `farmId` (their confirmed e-mail address, or their
 * profile's phone): they become a worker of that farm. Asked for on My farm ("Join <farm>"), never
 * done by opening a page. Returns whether they joined now (false: no such invitation, or joined before).
 */
export async function joinInvitations(db: Db, userId: string, farmId: number): Promise<boolean> {
  const matches = await invitationMatches(db, userId);
  if (!matches) return false;
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({ id: farmWorkers.id, userId: farmWorkers.userId })
      .from(farmWorkers)
      .where(
        and(
          eq(farmWorkers.farmId, farmId),
          or(eq(farmWorkers.userId, userId), and(isNull(farmWorkers.userId), matches)),
        ),
      )
      .orderBy(asc(farmWorkers.id))
      .for('update');
    let joined = waiting.some((row) => row.userId === userId);
    let now = false;
    for (const invitation of waiting) {
      if (invitation.userId === userId) continue;
      // Invited twice to one farm (by e-mail and by phone): the first invitation is enough.
      if (joined) {
        await tx.delete(farmWorkers).where(eq(farmWorkers.id, invitation.id));
        continue;
      }
      await tx
        .update(farmWorkers)
        .set({ userId, joinedAt: new Date() })
        .where(eq(farmWorkers.id, invitation.id));
      joined = true;
      now = true;
    }
    return now;
  });
}

export interface FarmWorker {
  id: number;
  name: string | null;
  invited: string;
  joined: boolean;
}

/** The farm's people, as the owner sees them. */
export async function workersOf(db: Db, access: FarmAccess): Promise<FarmWorker[]> {
  requireOwner(access);
  const rows = await db
    .select({
      id: farmWorkers.id,
      name: user.name,
      email: farmWorkers.invitedEmail,
      phone: farmWorkers.invitedPhone,
      joinedAt: farmWorkers.joinedAt,
    })
    .from(farmWorkers)
    .leftJoin(user, eq(user.id, farmWorkers.userId))
    .where(eq(farmWorkers.farmId, access.farmId))
    .orderBy(asc(farmWorkers.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    invited: row.email ?? row.phone ?? '',
    joined: row.joinedAt !== null,
  }));
}

/** The owner takes a worker (or an invitation) off the farm. */
export async function removeWorker(db: Db, access: FarmAccess, workerId: number): Promise<void> {
  requireOwner(access);
  const removed = await db
    .delete(farmWorkers)
    .where(and(eq(farmWorkers.id, workerId), eq(farmWorkers.farmId, access.farmId)))
    .returning({ id: farmWorkers.id });
  if (removed.length === 0) throw new NotFound('This worker is not on the farm.');
}
