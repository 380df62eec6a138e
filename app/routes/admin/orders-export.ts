import { safeParse } from 'zod/mini';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import { orderExportCsv } from '#core/orders/export';
import { OrderListQuerySchema } from '#core/orders/schemas';
import type { Route } from './+types/orders-export';

/**
 * GET /admin/orders/export?<the list's filters> → every matching order as CSV (all pages), streamed
 * a batch at a time as it is read: the next batch is read while the one before it is sent, and no
 * further ahead, so the export's memory is the same for ten orders or 100,000.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { db, logger } = context.services;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = safeParse(OrderListQuerySchema, params).data ?? { page: 1 };
  const csv = orderExportCsv(db, admin, query);
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await csv.next();
          if (next.done) controller.close();
          else controller.enqueue(Buffer.from(next.value));
        } catch (error) {
          // The header is sent already: the download ends unfinished, and the log says why.
          logger.error({ err: error }, 'orders export: stopped part-way');
          controller.error(error);
        }
      },
      async cancel() {
        await csv.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="freshcatch-orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const action = adminScreenWithoutForm;
