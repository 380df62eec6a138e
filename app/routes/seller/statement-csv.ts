import { load } from '~/lib/route.server';
import { shopDay } from '#core/calendar';
import { sellerStatement, statementCsv } from '#core/sellers/statement';

/** GET /seller/statement.csv → the seller's whole statement as a CSV file (issue 51 §6), behind the seller's door. */
export const loader = load({
  auth: 'seller',
  run: async ({ seller, services: { db } }) => {
    const statement = await sellerStatement(db, seller.id);
    return new Response(statementCsv(statement), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="freshcatch-statement-${shopDay(new Date())}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
