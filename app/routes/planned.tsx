import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import type { Route } from './+types/planned';

/** Pages of the route table that later work builds; they say so plainly instead of faking content. */
const titles: [prefix: string, title: string][] = [
  ['/checkout', 'Checkout'],
  ['/order-success', 'Order'],
];

function titleFor(pathname: string) {
  return (
    titles.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? 'FreshCatch'
  );
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${titleFor(location.pathname)} — FreshCatch` },
];

export default function PlannedRoute() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{titleFor(pathname)}</h1>
      <p className="mt-4 text-slate-700">
        This page is not open yet: it arrives with the next release of the shop. Meanwhile, call or WhatsApp
        us and we will take your order by phone.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-6' })}>
        Back to Home
      </Link>
    </section>
  );
}
