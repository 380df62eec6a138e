import type { Db } from '../../db/client';
import { bulkEnquiries } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import { bulkEnquiryEmail } from '../mail/templates';
import { SHOP } from '../shop';
import type { BulkEnquiryInput } from './schemas';

/** Stores the enquiry and tells the sales desk by e-mail. */
export async function createBulkEnquiry(db: Db, mailer: Mailer, input: BulkEnquiryInput): Promise<void> {
  const [row] = await db
    .insert(bulkEnquiries)
    .values({
      name: input.name,
      phone: input.phone,
      email: input.email,
      organisation: input.organisation ?? null,
      location: input.location,
      details: input.details,
      weightKg: input.weightKg ?? null,
      neededBy: input.neededBy ?? null,
    })
    .returning({ id: bulkEnquiries.id });
  await mailer.send(bulkEnquiryEmail(SHOP.email, row!.id, input));
}
