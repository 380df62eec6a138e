import Bowser from 'bowser';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { session } from '../../db/schema';
import { NotFound } from '../errors';

/*
 * A person's signed-in devices (issue 52 §4, docs/accounts.md "Your sessions"). Better Auth writes a
 * session row at each sign-in (with the browser's User-Agent and the trusted client address) and renews
 * it at most once a day; this module is the one place that ends sessions outside a sign-out: one
 * device, every other one, or all of a person's (a role taken away, two-factor reset). A session ended
 * here is refused at once by every page that reads the database (app/lib/auth/session.server.ts).
 */

export const SESSION_TEXTS = {
  heading: 'Signed-in devices',
  intro: 'Where your account is signed in now. Sign out a device you do not know or no longer use.',
  thisDevice: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  signedOutOne: 'That device is signed out.',
  signedOutOthers: (count: number) =>
    count === 0
      ? 'No other device was signed in.'
      : `${count} other ${count === 1 ? 'device is' : 'devices are'} signed out.`,
  gone: 'That device is already signed out.',
  unknownDevice: 'An unknown browser',
  unknownPlace: 'Address not recorded',
} as const;

export interface SignedInDevice {
  id: string;
  /** "Chrome on Android", from the browser's User-Agent. */
  device: string;
  /** The network address it signed in from, as the shop's proxy reported it. */
  place: string;
  signedInAt: Date;
  /** When Better Auth last wrote the session: its sign-in or its daily renewal (within a day of its last use). */
  lastSeenAt: Date;
  current: boolean;
}

/** "Chrome on Android", "Safari on iOS", or SESSION_TEXTS.unknownDevice. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return SESSION_TEXTS.unknownDevice;
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name ?? os.name ?? SESSION_TEXTS.unknownDevice;
}

/** The person's sessions that have not expired, this one first, then the most recently seen. */
export async function listSignedInDevices(
  db: Db,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<SignedInDevice[]> {
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  const devices = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    place: row.ipAddress || SESSION_TEXTS.unknownPlace,
    signedInAt: row.createdAt,
    lastSeenAt: row.updatedAt,
    current: row.id === currentSessionId,
  }));
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/**
 * Signs out one of the person's other devices. Another person's session, or one already ended, is
 * NotFound alike (nothing tells one from the other); this device signs out with the Sign out button.
 */
export async function endOtherDevice(
  db: Db,
  who: { userId: string; sessionId: string },
  sessionId: string,
): Promise<void> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, who.userId), ne(session.id, who.sessionId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw new NotFound(SESSION_TEXTS.gone);
}

/** Signs out every device of the person's but this one; answers how many. */
export async function endEveryOtherDevice(
  db: Db,
  who: { userId: string; sessionId: string },
): Promise<number> {
  const ended = await db
    .delete(session)
    .where(and(eq(session.userId, who.userId), ne(session.id, who.sessionId)))
    .returning({ id: session.id });
  return ended.length;
}

/** Ends every session of a person (in the caller's transaction); answers how many. */
export async function endAllSessions(tx: Db | Tx, userId: string): Promise<number> {
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}
