import { useState } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field, SelectField } from '~/components/ui/field';
import { cart, toCartProduct } from '~/lib/cart';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { useHydrated } from '~/lib/use-hydrated';
import { dayMonth, shopDay } from '#core/calendar';
import { bagsToOrder } from '#core/farm/feed-rules';
import { feedStore, receiveFeed, type FeedSize } from '#core/farm/feed-store';
import { FeedFormSchema } from '#core/farm/schemas';
import { formatKg, formatNaira, groupThousands } from '#core/money';
import type { Route } from './+types/feed';

export const meta: Route.MetaFunction = () => [{ title: 'Feed store — My farm — FreshCatch' }];

export const loader = load({
  auth: 'farm',
  run: async ({ farm, services: { db } }) => {
    const today = shopDay(new Date());
    return { ...(await feedStore(db, farm, today)), today };
  },
});

export const action = act({
  auth: 'farm',
  form: FeedFormSchema,
  run: async ({ farm, input, services: { db } }) => {
    await receiveFeed(db, farm, input, shopDay(new Date()));
    return {
      toast: {
        title: 'Feed received',
        description: `${input.bags} bags of ${input.feedName} are in the store.`,
      },
    };
  },
});

const ORDER_DAYS = [7, 14, 30] as const;

/** "Order feed": the shop's feed of this size, as many bags as the next N days need, into the cart. */
function OrderFeed({ size }: { size: FeedSize }) {
  const [days, setDays] = useState<number>(14);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const product = size.product;
  if (!product)
    return <p className="text-sm text-slate-700">FreshCatch sells no {size.pelletMm} mm feed yet.</p>;
  const bags = bagsToOrder({
    needPerDayG: size.needPerDayG,
    leftG: size.leftG,
    bagG: product.weightGrams,
    days,
  });
  return (
    <div className="mt-3 flex flex-wrap items-end gap-3">
      <SelectField
        label="For the next"
        value={days}
        onChange={(event) => setDays(Number(event.target.value))}
      >
        {ORDER_DAYS.map((n) => (
          <option key={n} value={n}>
            {n} days
          </option>
        ))}
      </SelectField>
      {bags === 0 ? (
        <p className="text-sm text-slate-700">What is left covers {days} days.</p>
      ) : hydrated ? (
        <Button
          type="button"
          className="!h-auto py-2 text-left !whitespace-normal"
          onClick={() => {
            cart.add(toCartProduct(product), bags);
            void navigate('/cart');
          }}
        >
          Order feed: {bags} {bags === 1 ? 'bag' : 'bags'} of {product.name}
        </Button>
      ) : (
        <Link to={`/products/${product.id}`} className="font-medium text-brand-700 underline">
          {bags} {bags === 1 ? 'bag' : 'bags'} of {product.name}
        </Link>
      )}
    </div>
  );
}

export default function FeedStore() {
  const { sizes, receipts, today } = useLoaderData<typeof loader>();
  const fieldErrors = useActionResult(useActionData<typeof action>(), {
    failureToast: 'unless-field-errors',
  });
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Feed store</h1>
      {sizes.length === 0 ? (
        <p className="text-slate-700">No feed entered and no pond stocked yet.</p>
      ) : (
        <ul className="space-y-3">
          {sizes.map((size) => (
            <li key={size.pelletMm}>
              <section
                aria-labelledby={`feed-${size.pelletMm}`}
                className="rounded-lg border border-slate-200 bg-white p-4"
              >
                <h2 id={`feed-${size.pelletMm}`} className="text-lg font-semibold">
                  {size.pelletMm} mm pellets: {formatKg(size.leftG)} left
                </h2>
                <p className="text-sm text-slate-700">
                  {size.daysLeft === null
                    ? 'No pond is fed this size today.'
                    : `${groupThousands(size.daysLeft)} ${size.daysLeft === 1 ? 'day' : 'days'} at today's plan (${formatKg(size.needPerDayG)} a day)`}
                  {size.pricePerKgKobo !== null ? ` · paid ${formatNaira(size.pricePerKgKobo)}/kg` : ''}
                </p>
                {size.daysLeft !== null && size.daysLeft < 5 ? (
                  <p role="status" className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
                    Fewer than 5 days of feed left.
                  </p>
                ) : null}
                {size.needPerDayG > 0 ? <OrderFeed size={size} /> : null}
              </section>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="receive-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="receive-heading" className="text-lg font-semibold">
          Feed received
        </h2>
        <Form method="post" className="mt-3 grid grid-cols-2 gap-3" noValidate>
          <Field
            label="Feed"
            name="feedName"
            maxLength={80}
            className="col-span-2"
            error={fieldErrors.feedName}
          />
          <Field label="Pellet size (mm)" name="pelletMm" inputMode="decimal" error={fieldErrors.pelletMm} />
          <Field label="Bags" name="bags" inputMode="numeric" error={fieldErrors.bags} />
          <Field
            label="Each bag (kg)"
            name="bagKg"
            inputMode="decimal"
            defaultValue="15"
            error={fieldErrors.bagKg}
          />
          <Field
            label="Price per bag (₦)"
            name="pricePerBag"
            inputMode="decimal"
            error={fieldErrors.pricePerBag}
          />
          <Field
            label="Received on"
            name="receivedOn"
            type="date"
            max={today}
            defaultValue={today}
            className="col-span-2"
            error={fieldErrors.receivedOn}
          />
          <div className="col-span-2">
            <Button type="submit">Add to the store</Button>
          </div>
        </Form>
      </section>
      {receipts.length > 0 ? (
        <section aria-labelledby="receipts-heading">
          <h2 id="receipts-heading" className="text-lg font-semibold">
            Received
          </h2>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {receipts.map((receipt) => (
              <li key={receipt.key} className="p-3">
                {dayMonth(receipt.receivedOn)} · {receipt.bags} × {formatKg(receipt.bagG)} {receipt.feedName}{' '}
                ({receipt.pelletMm} mm) at {formatNaira(receipt.pricePerBagKobo)} a bag
                {receipt.orderId ? (
                  <>
                    {' · '}
                    <Link to={`/account/orders/${receipt.orderId}`} className="text-brand-700 underline">
                      from your FreshCatch order
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
