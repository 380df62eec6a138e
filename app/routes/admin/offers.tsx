import { useState } from 'react';
import { Form, useActionData, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { act, load } from '~/lib/route.server';
import { useActionResult } from '~/lib/use-action-result';
import { dayMonth } from '#core/calendar';
import { OFFER_STATUS_LABELS } from '#core/sellers/offer-rules';
import { answerOffer, offersForAdmin, receiveOffer, type AdminOfferView } from '#core/sellers/offers';
import { AdminOfferActionSchema } from '#core/sellers/schemas';
import { isOwner } from '#core/roles';
import type { Route } from './+types/offers';

export const meta: Route.MetaFunction = () => [{ title: 'Harvest Offers — FreshCatch Admin' }];

export const loader = load({
  auth: 'admin',
  run: async ({ admin, services: { db } }) => ({
    offers: await offersForAdmin(db, admin),
    owner: isOwner(admin),
  }),
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

/** One of a card's forms: the offer, the intent, and at most one field with its error. */
function OfferForm({
  offerId,
  intent,
  button,
  field,
  onPost,
  outline = false,
}: {
  offerId: number;
  intent: string;
  button: string;
  field?: { label: string; name: string; error?: string; defaultValue?: string; className: string };
  onPost: () => void;
  outline?: boolean;
}) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" noValidate onSubmit={onPost}>
      <input type="hidden" name="offerId" value={offerId} />
      {field ? <Field inputMode={field.name === 'reason' ? undefined : 'decimal'} {...field} /> : null}
      <Button type="submit" name="intent" value={intent} variant={outline ? 'outline' : undefined}>
        {button}
        <span className="sr-only"> offer #{offerId}</span>
      </Button>
    </Form>
  );
}

function OfferCard({
  offer,
  errors,
  onPost,
  owner,
}: {
  offer: AdminOfferView;
  /** False for staff: they receive at the hub; answering (a price) is the owners'. */
  owner: boolean;
  /** The last post's field errors, when it was about this offer. */
  errors: Record<string, string>;
  onPost: () => void;
}) {
  const unit = offer.stockUnit === 'kg' ? 'kg' : 'fish';
  const open = offer.status === 'offered' || offer.status === 'countered' || offer.status === 'accepted';
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
      {owner && offer.status === 'offered' ? (
        <div className="flex flex-wrap items-end gap-3">
          <OfferForm offerId={offer.id} intent="accept" button="Accept" onPost={onPost} />
          <OfferForm
            offerId={offer.id}
            intent="counter"
            button="Counter"
            outline
            onPost={onPost}
            field={{
              label: `Counter: price per ${unit} (₦)`,
              name: 'price',
              className: 'w-44',
              error: errors.price,
            }}
          />
        </div>
      ) : null}
      {offer.status === 'accepted' ? (
        <OfferForm
          offerId={offer.id}
          intent="receive"
          button="Receive at the hub"
          onPost={onPost}
          field={{
            label: `Brought (${unit})`,
            name: 'quantity',
            className: 'w-36',
            defaultValue: offer.amountTyped,
            error: errors.quantity,
          }}
        />
      ) : null}
      {owner && open ? (
        <details open={Boolean(errors.reason)}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Decline</summary>
          <div className="mt-2">
            <OfferForm
              offerId={offer.id}
              intent="decline"
              button="Decline"
              outline
              onPost={onPost}
              field={{
                label: 'Reason (the seller reads it)',
                name: 'reason',
                className: 'w-72',
                error: errors.reason,
              }}
            />
          </div>
        </details>
      ) : null}
    </li>
  );
}

function Group({
  title,
  offers,
  errors,
  posted,
  onPost,
  empty,
  owner,
}: {
  title: string;
  owner: boolean;
  offers: AdminOfferView[];
  errors: Record<string, string>;
  /** The offer the last post was about (null: not known, as after a post without scripts). */
  posted: number | null;
  onPost: (offerId: number) => void;
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
            <OfferCard
              key={offer.id}
              offer={offer}
              errors={posted === null || posted === offer.id ? errors : NO_ERRORS}
              onPost={() => onPost(offer.id)}
              owner={owner}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_ERRORS: Record<string, string> = {};

export default function AdminOffers() {
  const { offers, owner } = useLoaderData<typeof loader>();
  const errors = useActionResult(useActionData<typeof action>(), { failureToast: 'unless-field-errors' });
  // A field's message belongs to the card it was typed on, not to the same field of every card.
  const [posted, setPosted] = useState<number | null>(null);
  const groups = { errors, posted, onPost: setPosted, owner };
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
        {...groups}
        offers={offers.filter((o) => o.status === 'offered' || o.status === 'countered')}
        empty="No offer is waiting for an answer."
      />
      <Group
        title="To receive at the hub"
        {...groups}
        offers={offers.filter((o) => o.status === 'accepted')}
        empty="Nothing accepted is still to come."
      />
      <Group
        title="Done"
        {...groups}
        offers={offers.filter((o) => ['received', 'declined', 'withdrawn'].includes(o.status))}
        empty="No offer is done yet."
      />
    </div>
  );
}
