import { adminScreenWithoutForm } from '~/lib/auth/guards.server';
import { load } from '~/lib/route.server';
import { textStream } from '~/lib/text-stream.server';
import { orderExportCsv } from '#core/orders/export';
import { OrderListQuerySchema } from '#core/orders/schemas';

/**
 * GET /admin/orders/export?<the list's filters> → every matching order as CSV (all pages), streamed
 * a batch at a time as it is read (textStream: the next batch read while one is sent, no further
 * ahead), so the export's memory is the same for ten orders or 100,000.
 */
export const loader = load({
  auth: 'admin',
  query: OrderListQuerySchema,
  run: ({ admin, query, services: { db, logger } }) => {
    const body = textStream(orderExportCsv(db, admin, query), (error) =>
      logger.error({ err: error }, 'orders export: stopped part-way'),
    );
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="freshcatch-orders-${day}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  },
});

export const action = adminScreenWithoutForm;
