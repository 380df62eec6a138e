import { ArrowLeft } from 'lucide-react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Field, LabelledOptions, SelectField } from '~/components/ui/field';
import { parseRowIdParam } from '~/lib/errors.server';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { dayMonth } from '#core/calendar';
import {
  adjustStock,
  productStock,
  receiveStock,
  setStockCounting,
  type StockBatch,
} from '#core/stock/batches';
import {
  BATCH_DATE_KIND_LABELS,
  BATCH_DATE_KINDS,
  batchAge,
  countedStock,
  formatStock,
  STOCK_ADJUST_REASON_LABELS,
  STOCK_ADJUST_REASONS,
  STOCK_UNIT_LABELS,
  type StockUnit,
} from '#core/stock/rules';
import { StockActionSchema } from '#core/stock/schemas';
import type { Route } from './+types/stock-product';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? `Stock of ${data.product.name}` : 'Stock'} — FreshCatch Admin` },
];

const NOT_FOUND = 'This product no longer exists.';

export const loader = load({
  auth: 'admin',
  run: ({ admin, params, services: { db } }) =>
    productStock(db, admin, parseRowIdParam(params.id, NOT_FOUND)),
});

export const STOCK_TOASTS = {
  received: { title: 'Stock received', description: 'The batch is on sale, after the older ones.' },
  adjusted: { title: 'Stock adjusted', description: 'The batch and the product’s stock were changed.' },
  counting: { title: 'Saved', description: 'How this product’s stock is counted was changed.' },
};

/** Receive a batch, take stock off one (or add what a recount found), or change how it is counted. */
export const action = act({
  auth: 'admin',
  form: StockActionSchema,
  run: async ({ admin, input, params, services: { db } }) => {
    const productId = parseRowIdParam(params.id, NOT_FOUND);
    if (input.intent === 'receive') {
      await receiveStock(db, admin, productId, input);
      return { toast: STOCK_TOASTS.received };
    }
    if (input.intent === 'adjust') {
      await adjustStock(db, admin, productId, input);
      return { toast: STOCK_TOASTS.adjusted };
    }
    await setStockCounting(db, admin, productId, input.stockUnit === 'none' ? null : input.stockUnit);
    return { toast: STOCK_TOASTS.counting };
  },
});

function batchState(batch: StockBatch): { label: string; variant: 'success' | 'secondary' | 'warning' } {
  if (batch.expiredAt) return { label: 'Stopped', variant: 'warning' };
  if (batch.quantityLeft === 0) return { label: 'Sold out', variant: 'secondary' };
  return { label: 'Selling', variant: 'success' };
}

function Panel({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SubmitButton({ intent, children }: { intent: string; children: React.ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : children}
      </Button>
    </>
  );
}

/**
 * A form that changes one batch's quantity: receiving a new batch, or taking stock off (adding to) one.
 * Both ask for the quantity and a note; what else each asks is passed in, `first` before the quantity
 * and `children` after it, so the fields keep their order on the page.
 */
function BatchForm({
  id,
  title,
  intent,
  submit,
  unitWord,
  errors,
  first,
  children,
  wideNote = false,
  footnote,
}: {
  id: string;
  title: string;
  intent: 'receive' | 'adjust';
  submit: string;
  unitWord: string;
  errors: Record<string, string | undefined>;
  first?: React.ReactNode;
  children: React.ReactNode;
  wideNote?: boolean;
  footnote?: string;
}) {
  return (
    <Panel id={id} title={title}>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
        {first}
        <Field
          label={`Quantity (${unitWord})`}
          name="quantity"
          inputMode="decimal"
          required
          error={errors.quantity}
        />
        {children}
        <Field
          label="Note (optional)"
          name="note"
          maxLength={200}
          className={wideNote ? 'sm:col-span-2' : undefined}
          error={errors.note}
        />
        {footnote ? <p className="text-sm text-slate-600 sm:col-span-2">{footnote}</p> : null}
        <div className="sm:col-span-2">
          <SubmitButton intent={intent}>{submit}</SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}

export default function AdminProductStock() {
  const { product, batches, today } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  const unit: StockUnit | null = product.stockUnit;
  const selling = batches.filter((b) => !b.expiredAt && b.quantityLeft > 0);
  const amount = (quantity: number) => (unit ? formatStock(quantity, unit) : String(quantity));
  const unitWord = unit === 'kg' ? 'kg' : 'units';

  return (
    <div className="max-w-5xl space-y-6">
      <Link
        to="/admin/stock"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All stock
      </Link>
      <div>
        <h1 className="text-2xl font-bold">Stock of {product.name}</h1>
        {unit ? (
          <p className="text-slate-700">
            {`${amount(product.stockOnHand)} on hand · ${amount(product.stockHeld)} held by unpaid orders · `}
            <strong>{`${amount(countedStock(product).stockAvailable)} to sell`}</strong>{' '}
            <Badge variant={product.inStock ? 'success' : 'secondary'}>
              {product.inStock ? 'In Stock' : 'Out of Stock'}
            </Badge>
          </p>
        ) : (
          <p className="text-slate-700">
            Not counted: the product is {product.inStock ? 'in stock' : 'out of stock'} as its form says.
          </p>
        )}
      </div>

      <Panel id="counting" title="How the stock is counted">
        <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
          <SelectField
            label="Count stock in"
            name="stockUnit"
            defaultValue={unit ?? 'none'}
            className="w-72 max-w-full"
          >
            <option value="none">Not counted (in-stock flag)</option>
            <option value="kg">{STOCK_UNIT_LABELS.kg} (sold by weight)</option>
            <option value="unit">{STOCK_UNIT_LABELS.unit} (equipment, bags)</option>
          </SelectField>
          <SubmitButton intent="counting">Save</SubmitButton>
        </Form>
        <p className="mt-2 text-sm text-slate-600">
          A counted product starts with nothing on hand: receive a batch to put it on sale.
        </p>
      </Panel>

      {unit ? (
        <>
          <BatchForm
            id="receive"
            title="Receive a batch"
            intent="receive"
            submit="Receive"
            unitWord={unitWord}
            errors={errors}
            wideNote
          >
            <SelectField label="The date is when it was" name="dateKind" defaultValue="caught">
              <LabelledOptions values={BATCH_DATE_KINDS} labels={BATCH_DATE_KIND_LABELS} />
            </SelectField>
            <Field
              label="Date"
              name="preparedOn"
              type="date"
              defaultValue={today}
              max={today}
              required
              error={errors.preparedOn}
            />
            <Field
              label="Best before (optional)"
              name="bestBefore"
              type="date"
              min={today}
              error={errors.bestBefore}
            />
          </BatchForm>

          {selling.length > 0 ? (
            <BatchForm
              id="adjust"
              title="Take stock off a batch"
              intent="adjust"
              submit="Adjust"
              unitWord={unitWord}
              errors={errors}
              first={
                <SelectField label="Batch" name="batchId" defaultValue={String(selling[0]!.id)}>
                  {selling.map((batch) => (
                    <option key={batch.id} value={batch.id}>
                      #{batch.id} · {batchAge(batch, today)} · {amount(batch.quantityLeft)} left
                    </option>
                  ))}
                </SelectField>
              }
              footnote="Every reason takes the quantity off the batch, except “Counted more than recorded”, which adds it."
            >
              <SelectField label="Reason" name="reason" defaultValue="spoiled">
                <LabelledOptions values={STOCK_ADJUST_REASONS} labels={STOCK_ADJUST_REASON_LABELS} />
              </SelectField>
            </BatchForm>
          ) : null}

          <section aria-labelledby="batches" className="space-y-3">
            <h2 id="batches" className="text-lg font-semibold">
              Batches
            </h2>
            {batches.length === 0 ? (
              <p className="text-sm text-slate-700">No batch received yet.</p>
            ) : (
              <AdminTable
                columns={['Batch', 'Date', 'Best before', 'Received', 'Left', 'Status']}
                minWidth={640}
              >
                {batches.map((batch) => {
                  const state = batchState(batch);
                  return (
                    <AdminRow key={batch.id}>
                      <AdminCell label="Batch">#{batch.id}</AdminCell>
                      <AdminCell label="Date">
                        {BATCH_DATE_KIND_LABELS[batch.dateKind]} {dayMonth(batch.preparedOn)}
                      </AdminCell>
                      <AdminCell label="Best before">
                        {batch.bestBefore ? dayMonth(batch.bestBefore) : '—'}
                      </AdminCell>
                      <AdminCell label="Received">{amount(batch.quantityReceived)}</AdminCell>
                      <AdminCell label="Left">{amount(batch.quantityLeft)}</AdminCell>
                      <AdminCell label="Status">
                        <Badge variant={state.variant}>{state.label}</Badge>
                      </AdminCell>
                    </AdminRow>
                  );
                })}
              </AdminTable>
            )}
            <p className="text-sm text-slate-600">
              Sales take from the oldest batch first. A batch stops selling the day after its best-before;
              every change is in the{' '}
              <Link to="/admin/activity?kind=product" className="text-brand-700 underline">
                activity log
              </Link>
              .
            </p>
          </section>
        </>
      ) : null}
    </div>
  );
}
