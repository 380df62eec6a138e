import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { redirectWithToast } from '~/lib/toast.server';
import { useActionResult } from '~/lib/use-action-result';
import { addDays, dayMonth, shopDay } from '#core/calendar';
import { harvestForecasts } from '#core/farm/views';
import { formatKg } from '#core/money';
import { OFFER_STATUS_LABELS } from '#core/sellers/offer-rules';
import { makeOffer, offerableProducts, offersOfSeller, sellerMovesOffer } from '#core/sellers/offers';
import { OfferActionSchema } from '#core/sellers/schemas';
import { activeSellerOf } from '#core/sellers/service';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = () => [{ title: 'Offer a harvest — My farm — FreshCatch' }];

/**
 * Issue 51 §2: an approved seller offers a harvest — from a cycle's forecast (`?cycle=`) or entered — and
 * follows each offer: the shop's answer, a counter-offer to take, what the hub received.
 */
export const loader = load({
  auth: 'farm',
  run: async ({ farm, request, services: { db } }) => {
    const seller = await activeSellerOf(db, farm.userId);
    const approved = seller?.status === 'approved';
    const today = shopDay(new Date());
    const ownFarm = seller?.farmId === farm.farmId;
    const [products, forecasts, offers] = await Promise.all([
      approved ? offerableProducts(db) : [],
      approved && ownFarm ? harvestForecasts(db, farm, today) : [],
      seller ? offersOfSeller(db, farm.userId) : [],
    ]);
    const chosen = Number(new URL(request.url).searchParams.get('cycle'));
    const from = forecasts.find((f) => f.cycleId === chosen) ?? null;
    return { approved, today, products, forecasts, offers, from };
  },
});

export const action = act({
  auth: 'farm',
  form: OfferActionSchema,
  run: async ({ farm, input, request, context, services: { db } }) => {
    if (input.intent === 'offer') {
      await makeOffer(db, farm.userId, input);
      const toast = { title: 'Harvest offered', description: 'The shop answers it soon.' };
      // Offered from a pond's forecast: back to the empty form, not the same harvest filled in again.
      const url = new URL(request.url);
      if (url.searchParams.has('cycle'))
        return redirectWithToast(context, url.pathname, { type: 'success', ...toast });
      return { toast };
    }
    await sellerMovesOffer(db, farm.userId, input.offerId, input.intent);
    return input.intent === 'withdraw'
      ? { toast: { title: 'Offer withdrawn', description: 'Nothing is expected of you for it.' } }
      : { toast: { title: 'Price taken', description: 'The offer is accepted: bring it on the day.' } };
  },
});

const selectClass = 'block w-full rounded-md border border-slate-300 bg-white px-3 py-2';

export default function Offers() {
  const { approved, today, products, forecasts, offers, from } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Offer a harvest</h1>
        <p className="text-slate-700">
          Say what you will bring to the Port Harcourt hub, when, and the price buyers pay; the shop keeps its
          commission out of it.
        </p>
      </header>
      {!approved ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          Only an approved seller can offer a harvest.{' '}
          <Link to="../sell" relative="path" className="font-medium text-brand-700 underline">
            Apply to sell
          </Link>
        </p>
      ) : (
        <>
          {forecasts.length > 0 ? (
            <section aria-labelledby="from-cycle" className="space-y-2">
              <h2 id="from-cycle" className="text-lg font-semibold">
                From your farm book
              </h2>
              <ul className="space-y-1">
                {forecasts.map((f) => (
                  <li key={f.cycleId}>
                    <Link to={`?cycle=${f.cycleId}`} className="font-medium text-brand-700 underline">
                      {f.pondName}: about {formatKg(f.biomassG)} on {dayMonth(f.on)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Form
            // A new form once an offer is made: the one just sent is not left filled in to be sent again.
            key={`${from?.cycleId ?? 'entered'}-${offers.length}`}
            method="post"
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
            noValidate
          >
            <h2 className="text-lg font-semibold">
              {from ? `Offer the harvest of ${from.pondName}` : 'Offer a harvest'}
            </h2>
            <input type="hidden" name="intent" value="offer" />
            {from ? <input type="hidden" name="cycleId" value={from.cycleId} /> : null}
            <label className="block text-sm font-medium text-slate-800" htmlFor="productId">
              Product
            </label>
            <select
              id="productId"
              name="productId"
              className={selectClass}
              aria-describedby={errors.productId ? 'productId-error' : undefined}
            >
              {products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} (by the {p.stockUnit === 'kg' ? 'kg' : 'fish'})
                </option>
              ))}
            </select>
            {fieldError('productId')}
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="How much"
                name="quantity"
                inputMode="decimal"
                defaultValue={from ? String(Math.round(from.biomassG / 1000)) : undefined}
                error={errors.quantity}
              />
              <div className="space-y-1">
                <label className="block text-sm font-medium text-slate-800" htmlFor="unit">
                  Counted in
                </label>
                <select id="unit" name="unit" className={selectClass} defaultValue="kg">
                  <option value="kg">kg</option>
                  <option value="unit">fish</option>
                </select>
              </div>
            </div>
            <Field
              label="Price buyers pay, per kg or per fish (₦)"
              name="price"
              inputMode="decimal"
              error={errors.price}
            />
            <div className="grid grid-cols-2 gap-3">
              <Field
                label="Harvest date"
                name="harvestedOn"
                type="date"
                defaultValue={from && from.on > today ? from.on : today}
                error={errors.harvestedOn}
              />
              <Field
                label="You bring it on"
                name="bringOn"
                type="date"
                defaultValue={from && from.on > today ? from.on : addDays(today, 1)}
                error={errors.bringOn}
              />
            </div>
            {fieldError('cycleId')}
            <Button type="submit">Offer it</Button>
          </Form>
        </>
      )}
      {offers.length > 0 ? (
        <section aria-labelledby="your-offers" className="space-y-3">
          <h2 id="your-offers" className="text-lg font-semibold">
            Your offers
          </h2>
          <ul className="space-y-3">
            {offers.map((offer) => (
              <li key={offer.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold">
                  {offer.productName}: {offer.amount} at {offer.price}
                </p>
                <p className="text-sm text-slate-700">
                  Bring it {dayMonth(offer.bringOn)} · {OFFER_STATUS_LABELS[offer.status]}
                  {offer.status === 'countered' && offer.counterPrice ? `: ${offer.counterPrice}` : ''}
                  {offer.received ? ` · ${offer.received} received` : ''}
                  {offer.declineReason ? ` · ${offer.declineReason}` : ''}
                </p>
                {offer.status === 'countered' || offer.status === 'offered' ? (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="offerId" value={offer.id} />
                    {offer.status === 'countered' ? (
                      <Button type="submit" name="intent" value="take-counter">
                        Take {offer.counterPrice}
                      </Button>
                    ) : null}
                    <Button type="submit" name="intent" value="withdraw" variant="outline">
                      Withdraw<span className="sr-only"> the offer of {offer.amount}</span>
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
