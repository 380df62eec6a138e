import { load } from '~/lib/route.server';
import { myDataFileName, personalDataFiles, zipOf } from '#core/accounts/my-data';

/** GET /account/my-data.zip → "Download my data" (issue 52 §5): everything the shop keeps about the person asking. */
export const loader = load({
  auth: 'shopper',
  run: async ({ user, services: { db } }) => {
    const now = new Date();
    const zip = zipOf(await personalDataFiles(db, user.id, now), now);
    return new Response(new Blob([new Uint8Array(zip)]), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${myDataFileName(now)}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
