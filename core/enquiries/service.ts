import type { Db } from '../../db/client';
import { bulkEnquiries } from '../../db/schema';
import type { JobQueue } from '../jobs/queue';
import { spendAttempt, type AttemptLimit } from '../limits/attempts';
import { bulkEnquiryEmail } from '../mail/templates';
import { Invalid } from '../errors';
import { phoneToE164 } from '../phone';
import { PHONE_MESSAGE } from '../phone-display';
import { SHOP } from '../shop';
import type { BulkEnquiryInput } from './schemas';

/** Enquiries a client address may send per hour: each one e-mails the sales desk. */
export const BULK_ENQUIRIES: AttemptLimit = { name: 'bulk-enquiry', max: 5, windowSeconds: 60 * 60 };

/** Stores the enquiry and tells the sales desk by e-mail (a job, in the same transaction). */
export async function createBulkEnquiry(
  db: Db,
  jobs: JobQueue,
  input: BulkEnquiryInput,
  from: { clientAddress: string },
): Promise<void> {
  const phone = phoneToE164(input.phone);
  if (!phone) throw new Invalid(PHONE_MESSAGE, { phone: [PHONE_MESSAGE] });
  await spendAttempt(
    db,
    [[BULK_ENQUIRIES, { address: from.clientAddress }]],
    (when) => `Too many enquiries from your connection. Please try again ${when}, or call us.`,
  );
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bulkEnquiries)
      .values({
        name: input.name,
        phone,
        email: input.email,
        organisation: input.organisation ?? null,
        location: input.location,
        details: input.details,
        weightKg: input.weightKg ?? null,
        neededBy: input.neededBy ?? null,
      })
      .returning({ id: bulkEnquiries.id });
    await jobs.send(tx, 'mail', bulkEnquiryEmail(SHOP.email, row!.id, { ...input, phone }));
  });
}
