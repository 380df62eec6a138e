import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { NotFound } from '../errors';
import { missingProfileFields } from './profile';
import type { AdminActor } from '../roles';
import type { ProfileInput } from './schemas';
import { keptRowCount } from '../paging-queries';

export interface Profile {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  location: string | null;
  createdAt: Date;
  missing: string[];
}

/** The signed-in user's own profile. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
      location: user.location,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) throw new NotFound('Your account no longer exists.');
  return { missing: missingProfileFields(row), ...row };
}

/**
 * Full name, phone, delivery address and location are editable; the e-mail is not (spec §5). A form
 * without the location (the admin's settings) leaves it as it is; blanks are saved as nothing.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: Omit<ProfileInput, 'location'> & { location?: string },
): Promise<void> {
  await db
    .update(user)
    .set({
      name: input.fullName,
      phone: input.phone || null,
      address: input.address || null,
      ...(input.location === undefined ? {} : { location: input.location || null }),
    })
    .where(eq(user.id, userId));
}

/**
 * Registered accounts, for the admin dashboard (spec §2): the count PostgreSQL keeps
 * (db/schema/counts.ts), not a count of the table.
 */
export function countUsers(db: Db, _admin: AdminActor): Promise<number> {
  return keptRowCount(db, 'user');
}
