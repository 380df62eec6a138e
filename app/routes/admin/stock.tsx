import { Boxes } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { Badge } from '~/components/ui/badge';
import { load } from '~/lib/route.server';
import { dayMonth } from '#core/calendar';
import { stockOverview, type CountedProduct, type ExpiringBatch } from '#core/stock/batches';
import { batchAge, countedStock, FEW_LEFT, formatStock, itemsAvailable } from '#core/stock/rules';
import type { Route } from './+types/stock';

export const meta: Route.MetaFunction = () => [{ title: 'Stock — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: ({ admin, services: { db } }) => stockOverview(db, admin),
});

/** How many of it can still be bought is at most FEW_LEFT: time to receive more. */
function isLow(product: CountedProduct): boolean {
  return (itemsAvailable(countedStock(product)) ?? 0) <= FEW_LEFT;
}

function ProductLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to={`/admin/stock/${id}`} className="font-medium text-brand-800 hover:underline">
      {name}
    </Link>
  );
}

function Section({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{note}</p>
      </div>
      {children}
    </section>
  );
}

function BatchTable({
  batches,
  today,
  stopped,
}: {
  batches: ExpiringBatch[];
  today: string;
  stopped?: boolean;
}) {
  return (
    <AdminTable
      columns={['Product', 'Batch', 'Best before', stopped ? 'Thrown away' : 'Left']}
      minWidth={560}
    >
      {batches.map((batch) => (
        <AdminRow key={batch.id}>
          <AdminCell label="Product">
            <ProductLink id={batch.productId} name={batch.productName} />
          </AdminCell>
          <AdminCell label="Batch">
            #{batch.id} · {batchAge(batch, today)}
          </AdminCell>
          <AdminCell label="Best before">
            {dayMonth(batch.bestBefore)}
            {!stopped && batch.bestBefore <= today ? (
              <Badge variant="warning" className="ml-2">
                Last day
              </Badge>
            ) : null}
          </AdminCell>
          <AdminCell label={stopped ? 'Thrown away' : 'Left'}>
            {batch.stockUnit ? formatStock(batch.quantityLeft, batch.stockUnit) : batch.quantityLeft}
          </AdminCell>
        </AdminRow>
      ))}
    </AdminTable>
  );
}

export default function AdminStock() {
  const { today, counted, expiring, expired } = useLoaderData<typeof loader>();
  const low = counted.filter(isLow);
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Stock</h1>
        <p className="text-sm text-slate-700">
          What is left of each product whose stock is counted, what must go first, and what passes its
          best-before. Choose a product to receive a batch or take stock off.
        </p>
      </div>

      <Section id="low-stock" title="Low stock" note={`Products with ${FEW_LEFT} or fewer left to sell.`}>
        {low.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing is running low.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {low.map((product) => {
              const left = itemsAvailable(countedStock(product)) ?? 0;
              return (
                <li key={product.id} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
                  <ProductLink id={product.id} name={product.name} />
                  <p className="text-sm text-amber-900">
                    {left === 0
                      ? 'Sold out'
                      : `${formatStock(product.stockOnHand - product.stockHeld, product.stockUnit)} left to sell`}
                    {product.stockHeld > 0
                      ? ` · ${formatStock(product.stockHeld, product.stockUnit)} held by unpaid orders`
                      : ''}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section
        id="expiring"
        title="Expiring soon"
        note="Batches whose best-before is within two days: sell them first, or take them off."
      >
        {expiring.length === 0 ? (
          <p className="text-sm text-slate-700">No batch passes its best-before in the next two days.</p>
        ) : (
          <BatchTable batches={expiring} today={today} />
        )}
      </Section>

      <Section
        id="counted"
        title="Counted products"
        note="On hand, held by unpaid orders, and the oldest batch selling."
      >
        {counted.length === 0 ? (
          <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
            <Boxes aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
            <h3 className="mt-2 font-semibold">No product’s stock is counted yet</h3>
            <p className="text-sm text-slate-700">
              Open a product’s stock from the Products list to count it in kilograms or units.
            </p>
          </div>
        ) : (
          <AdminTable columns={['Product', 'On hand', 'Held', 'Oldest selling']} minWidth={560}>
            {counted.map((product) => (
              <AdminRow key={product.id}>
                <AdminCell label="Product">
                  <ProductLink id={product.id} name={product.name} />
                </AdminCell>
                <AdminCell label="On hand">{formatStock(product.stockOnHand, product.stockUnit)}</AdminCell>
                <AdminCell label="Held">{formatStock(product.stockHeld, product.stockUnit)}</AdminCell>
                <AdminCell label="Oldest selling">
                  {product.oldest ? batchAge(product.oldest, today) : '—'}
                </AdminCell>
              </AdminRow>
            ))}
          </AdminTable>
        )}
      </Section>

      {expired.length > 0 ? (
        <Section
          id="stopped"
          title="Stopped this week"
          note="Batches the shop stopped selling once past their best-before, with what they still had."
        >
          <BatchTable batches={expired} today={today} stopped />
        </Section>
      ) : null}
    </div>
  );
}
