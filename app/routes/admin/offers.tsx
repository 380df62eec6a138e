import { Form, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { dayMonth } from '#core/calendar';
import { OFFER_STATUS_LABELS } from '#core/sellers/offer-rules';
import { answerOffer, offersForAdmin, receiveOffer, type AdminOfferView } from '#core/sellers/offers';
import { AdminOfferActionSchema } from '#core/sellers/schemas';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = () => [{ title: 'Harvest Offers — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: async ({ admin, services: { db } }) => ({ offers: await offersForAdmin(db, admin) }),
});

/** Issue 51 §2: the owner accepts, counters or declines a seller's offer, and receives it at the hub. */
export const action = act({
  auth: 'admin',
  form: AdminOfferActionSchema,
  run: async ({ admin, input, services: { db } }) => {
    switch (input.intent) {
      case 'accept':
        await answerOffer(db, admin, input.offerId, { move: 'accept' });
        return {
          toast: { title: 'Offer accepted', description: 'The seller brings it on the day they said.' },
        };
      case 'counter':
        await answerOffer(db, admin, input.offerId, { move: 'counter', price: input.price });
        return { toast: { title: 'Price countered', description: 'The seller takes it or withdraws.' } };
      case 'decline':
        await answerOffer(db, admin, input.offerId, { move: 'decline', reason: input.reason });
        return { toast: { title: 'Offer declined', description: 'The seller sees your reason.' } };
      case 'receive': {
        const { offer } = await receiveOffer(db, admin, input.offerId, input.quantity);
        return {
          toast: { title: 'Received at the hub', description: `Offer #${offer.id} is in stock and selling.` },
        };
      }
    }
  },
});

function OfferCard({ offer, errors }: { offer: AdminOfferView; errors: Record<string, string> }) {
  const unit = offer.stockUnit === 'kg' ? 'kg' : 'fish';
  return (
    <li id={`offer-${offer.id}`} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h3 className="font-semibold">
          #{offer.id} · {offer.productName}: {offer.amount} at {offer.price}
        </h3>
        <p className="text-sm text-slate-700">
          {offer.sellerName} · harvested {dayMonth(offer.harvestedOn)} · brought {dayMonth(offer.bringOn)} ·{' '}
          {OFFER_STATUS_LABELS[offer.status]}
          {offer.counterPrice && offer.status === 'countered' ? ` (you offered ${offer.counterPrice})` : ''}
          {offer.received ? ` · ${offer.received} received` : ''}
          {offer.declineReason ? ` · ${offer.declineReason}` : ''}
        </p>
      </div>
      {offer.status === 'offered' ? (
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post">
            <input type="hidden" name="offerId" value={offer.id} />
            <Button type="submit" name="intent" value="accept">
              Accept<span className="sr-only"> offer #{offer.id}</span>
            </Button>
          </Form>
          <Form method="post" className="flex items-end gap-2" noValidate>
            <input type="hidden" name="offerId" value={offer.id} />
            <Field
              label={`Counter: price per ${unit} (₦)`}
              name="price"
              inputMode="decimal"
              className="w-44"
              error={errors.price}
            />
            <Button type="submit" name="intent" value="counter" variant="outline">
              Counter<span className="sr-only"> offer #{offer.id}</span>
            </Button>
          </Form>
        </div>
      ) : null}
      {offer.status === 'accepted' ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" noValidate>
          <input type="hidden" name="offerId" value={offer.id} />
          <Field
            label={`Brought (${unit})`}
            name="quantity"
            inputMode="decimal"
            defaultValue={offer.amountTyped}
            className="w-36"
            error={errors.quantity}
          />
          <Button type="submit" name="intent" value="receive">
            Receive at the hub<span className="sr-only"> offer #{offer.id}</span>
          </Button>
        </Form>
      ) : null}
      {['offered', 'countered', 'accepted'].includes(offer.status) ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Decline</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
            <input type="hidden" name="offerId" value={offer.id} />
            <Field
              label="Reason (the seller reads it)"
              name="reason"
              className="w-72"
              error={errors.reason}
            />
            <Button type="submit" name="intent" value="decline" variant="outline">
              Decline<span className="sr-only"> offer #{offer.id}</span>
            </Button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

function Group({
  title,
  offers,
  errors,
  empty,
}: {
  title: string;
  offers: AdminOfferView[];
  errors: Record<string, string>;
  empty: string;
}) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {offers.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} errors={errors} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminOffers() {
  const { offers } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Harvest Offers</h1>
        <p className="text-slate-700">
          Sellers’ harvests: answer each offer, then receive what they bring to the hub. Received, it is a
          batch of the product and sells oldest first.
        </p>
      </header>
      <Group
        title="To answer"
        offers={offers.filter((o) => o.status === 'offered' || o.status === 'countered')}
        errors={errors}
        empty="No offer is waiting for an answer."
      />
      <Group
        title="To receive at the hub"
        offers={offers.filter((o) => o.status === 'accepted')}
        errors={errors}
        empty="Nothing accepted is still to come."
      />
      <Group
        title="Done"
        offers={offers.filter((o) => ['received', 'declined', 'withdrawn'].includes(o.status))}
        errors={errors}
        empty="No offer is done yet."
      />
    </div>
  );
}
