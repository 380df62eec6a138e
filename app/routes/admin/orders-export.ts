import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { safeParse } from 'zod/mini';
import { adminScreenWithoutForm, requireAdmin } from '~/lib/auth.server';
import { neutraliseFormula, ORDER_EXPORT_COLUMNS, orderExportRows } from '#core/orders/export';
import { OrderListQuerySchema } from '#core/orders/schemas';
import type { Route } from './+types/orders-export';

/**
 * GET /admin/orders/export?<the list's filters> → every matching order as CSV (all pages), streamed
 * as it is read, quoted by csv-stringify.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = safeParse(OrderListQuerySchema, params).data ?? { page: 1 };
  const csv = stringify({
    header: true,
    columns: [...ORDER_EXPORT_COLUMNS],
    bom: true,
    cast: { string: neutraliseFormula },
  });
  Readable.from(orderExportRows(context.services.db, admin, query))
    .on('error', (error) => csv.destroy(error))
    .pipe(csv);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="freshcatch-orders-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const action = adminScreenWithoutForm;
