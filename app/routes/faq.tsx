import { Link } from 'react-router';
import { ContentPage } from '~/components/content/page';
import { SHOP } from '#core/shop';
import type { Route } from './+types/faq';

export const meta: Route.MetaFunction = () => [{ title: 'Frequently Asked Questions — FreshCatch' }];

const questions: { q: string; a: React.ReactNode }[] = [
  {
    q: 'Where do you deliver?',
    a: 'We deliver across Port Harcourt every day, and to Lagos and Abuja by road. Other cities: call us and we will find a way.',
  },
  {
    q: 'How much is delivery?',
    a: 'The fee depends on your location, the delivery method and the total weight: up to 50 kg costs the base rate for your location; heavier orders pay the base rate for each full 50 kg and a small amount per extra kilogram. You always see the fee at checkout before you pay.',
  },
  {
    q: 'How fresh is the fish?',
    a: 'Live and fresh fish are harvested or landed the morning of delivery and packed on ice. Every product shows a freshness score from 1 to 5 and where it comes from.',
  },
  {
    q: 'How do I pay?',
    a: 'By card, bank transfer or USSD through Paystack, in naira. Your order is confirmed once the payment has been verified.',
  },
  {
    q: 'Can I collect my order?',
    a: 'Yes: choose Pickup at checkout and one of our pickup points. It is the cheapest option.',
  },
  {
    q: 'Something arrived in poor condition. What now?',
    a: `Take a photo and call or WhatsApp us on ${SHOP.phone} the same day. We replace it or refund it.`,
  },
  {
    q: 'Do you supply restaurants and fish farms in bulk?',
    a: (
      <>
        Yes. Send us your needs on the{' '}
        <Link to="/bulk" className="font-semibold text-brand-700 hover:underline">
          bulk delivery page
        </Link>{' '}
        and we will call you with a price.
      </>
    ),
  },
  {
    q: 'Can I review a product?',
    a: 'Yes, once you have bought it: open the product page, go to Reviews and tell other shoppers how it was.',
  },
];

export default function FaqRoute() {
  return (
    <ContentPage title="Frequently Asked Questions">
      <div className="space-y-3">
        {questions.map(({ q, a }) => (
          <details key={q} className="group rounded-lg border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer font-semibold text-slate-900">{q}</summary>
            <div className="mt-2 text-slate-800">{a}</div>
          </details>
        ))}
      </div>
    </ContentPage>
  );
}
