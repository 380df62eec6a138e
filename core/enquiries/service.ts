import type { Db } from '../../db/client';
import { bulkEnquiries } from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import { bulkEnquiryEmail } from '../mail/templates';
import { SHOP } from '../shop';
import type { BulkEnquiryInput } from './schemas';

/** Stores the enquiry and tells the sales desk by e-mail (a job, in the same transaction). */
export async function createBulkEnquiry(db: Db, jobs: JobQueue, input: BulkEnquiryInput): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
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
    await jobs.send(tx, 'mail', bulkEnquiryEmail(SHOP.email, row!.id, input));
  });
}
