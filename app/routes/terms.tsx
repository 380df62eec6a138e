import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { SHOP } from '#core/shop';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = () => [{ title: 'Terms of Service — FreshCatch' }];

export default function TermsRoute() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/signup"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Sign Up
      </Link>
      <h1 className="mt-4 text-3xl font-bold">Terms of Service</h1>
      <p className="mt-2 text-sm text-slate-600">Last updated: 1 January {SHOP.copyrightYear}</p>
      <div className="mt-8 space-y-8 leading-relaxed text-slate-800">
        <section>
          <h2 className="text-xl font-semibold">1. Our services</h2>
          <p className="mt-2">{SHOP.name} offers two services:</p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            <li>
              <strong>A farm management tool</strong> that helps fish farmers plan stocking, feeding and
              harvests.
            </li>
            <li>
              <strong>An e-commerce marketplace</strong> where buyers order fresh, shellfish, smoked and dried
              fish, fish-farming equipment and feeds, delivered from {SHOP.city}.
            </li>
          </ul>
        </section>
        <section>
          <h2 className="text-xl font-semibold">2. Who may use {SHOP.name}</h2>
          <p className="mt-2">
            You must be 18 years or older, or otherwise legally permitted under Nigerian law, to create an
            account and buy from the marketplace.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">3. Orders and payment</h2>
          <p className="mt-2">
            Purchases must be paid for before they are fulfilled. Payment is taken by card, bank transfer or
            USSD through our payment provider, in Nigerian naira (₦). An order is confirmed only once the
            payment has been verified.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">4. Prices and delivery</h2>
          <p className="mt-2">
            Prices depend on the weight of the product and on the delivery location. Delivery fees are
            calculated from the total weight, the delivery method and the location, and are shown at checkout
            before you pay.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">5. Fresh products</h2>
          <p className="mt-2">
            Fresh and live products are packed on ice and delivered as quickly as the chosen method allows.
            Please make sure someone can receive the order; tell us at once if anything arrives in poor
            condition.
          </p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">6. Governing law</h2>
          <p className="mt-2">These terms are governed by the laws of the Federal Republic of Nigeria.</p>
        </section>
        <section>
          <h2 className="text-xl font-semibold">7. Contact</h2>
          <p className="mt-2">
            Questions about these terms: {SHOP.email} or {SHOP.phone}.
          </p>
        </section>
      </div>
    </article>
  );
}
