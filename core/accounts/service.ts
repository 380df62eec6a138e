import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { Invalid, NotFound } from '../errors';
import { phoneToE164 } from '../phone';
import { PHONE_MESSAGE } from '../phone-display';
import { missingProfileFields } from './profile';
import { chooseContact, contactChoice, type ContactChoice } from '../messages/consent';
import type { AdminActor } from '../roles';
import type { ProfileInput } from './schemas';
import { keptRowCount } from '../paging-queries';
import { deliveryPlaces } from '../delivery/management';
import { matchPlace, pickedPlace } from '../delivery/places';

export interface Profile {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  location: string | null;
  createdAt: Date;
  missing: string[];
  /** How the buyer hears about their orders beside e-mail (core/messages/). */
  contact: ContactChoice;
}

/** The signed-in user's own profile. */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [[row], contact] = await Promise.all([
    db
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
      .where(eq(user.id, userId)),
    contactChoice(db, userId),
  ]);
  if (!row) throw new NotFound('Your account no longer exists.');
  return { missing: missingProfileFields(row), ...row, contact };
}

/**
 * Full name, phone, delivery address and location are editable; the e-mail is not (spec §5). A form
 * without the location (the admin's settings) leaves it as it is; blanks are saved as nothing. The
 * location is a place of the delivery list, saved in the list's spelling ("  port harcourt " is Port
 * Harcourt), or a town off the list, kept as typed (delivered at the default fees, without slots). The
 * phone is kept as E.164 (+234…), whatever way it was typed; one that is not a number changes nothing.
 * The buyer's choice of order updates (the shopper's form has it) is recorded with the number it is
 * for, in the same transaction: WhatsApp or SMS without a number changes nothing.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: Omit<ProfileInput, 'location' | 'locationTyped' | 'contact'> & {
    location?: string;
    locationTyped?: string;
    contact?: ProfileInput['contact'];
  },
): Promise<void> {
  const phone = input.phone ? phoneToE164(input.phone) : null;
  if (input.phone && !phone) throw new Invalid(PHONE_MESSAGE, { phone: [PHONE_MESSAGE] });
  const typed = input.location === undefined ? undefined : pickedPlace(input.location, input.locationTyped);
  const location = typed ? matchPlace(typed, await deliveryPlaces(db)).place : typed;
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({
        name: input.fullName,
        phone,
        address: input.address || null,
        ...(location === undefined ? {} : { location: location || null }),
      })
      .where(eq(user.id, userId));
    if (input.contact) await chooseContact(tx, userId, { channel: input.contact, source: 'profile', phone });
  });
}

/**
 * Registered accounts, for the admin dashboard (spec §2): the count PostgreSQL keeps
 * (db/schema/counts.ts), not a count of the table.
 */
export function countUsers(db: Db, _admin: AdminActor): Promise<number> {
  return keptRowCount(db, 'user');
}
