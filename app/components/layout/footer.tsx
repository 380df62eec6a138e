import { clsx } from 'clsx';
import { Fish, Mail, MapPin, Phone } from 'lucide-react';
import { useId, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { setDataSaver, useDataSaver } from '~/lib/data-saver';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { SHOP } from '#core/shop';

const footerLinks = [
  { to: '/contact', label: 'Contact Us' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/categories/fresh', label: 'Fresh Fish' },
  { to: '/specials', label: 'Special Packs' },
  { to: '/bulk', label: 'Bulk Delivery' },
  { to: '/faq', label: 'FAQ' },
];

function Newsletter() {
  const fetcher = useFetcher<ActionResult>();
  const emailId = useId();
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The address's problem is said under the box, not in a toast.
  const { email: error } = useActionResult(settledData(fetcher), {
    failureToast: false,
    onSuccess: () => form.current?.reset(),
  });
  return (
    <fetcher.Form ref={form} method="post" action="/newsletter" className="space-y-2" noValidate>
      <label htmlFor={emailId} className="block text-sm font-semibold text-white">
        Newsletter
      </label>
      <p className="text-sm text-slate-300">Fresh arrivals, farm tips and special packs, once a week.</p>
      <div className="flex gap-2">
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClasses} min-w-0 flex-1`}
        />
        <Button type="submit" variant="default" disabled={fetcher.state !== 'idle'} data-keep-clear="">
          Subscribe
        </Button>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-300">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The data saver switch (issue 34, core/data-saver.ts): smallest pictures and a banner that does not
 * move by itself, remembered in this browser. A browser that sends `Save-Data: on` starts with it on.
 */
function DataSaverSwitch() {
  const on = useDataSaver();
  const hintId = useId();
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={hintId}
        onClick={() => setDataSaver(!on)}
        className="inline-flex items-center gap-2 rounded-full border border-white/30 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10"
      >
        <span
          aria-hidden="true"
          className={clsx('relative h-5 w-9 rounded-full', on ? 'bg-accent-500' : 'bg-white/30')}
        >
          <span
            className={clsx('absolute top-0.5 h-4 w-4 rounded-full bg-white', on ? 'left-4.5' : 'left-0.5')}
          />
        </span>
        Data saver
        <span aria-hidden="true" className="font-normal">
          {on ? 'On' : 'Off'}
        </span>
      </button>
      <span id={hintId} className="text-xs text-slate-300">
        Smaller pictures and a still banner, for less data.
      </span>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <Fish aria-hidden="true" className="h-6 w-6 text-accent-500" /> {SHOP.name}
          </p>
          <p className="text-sm">
            {SHOP.tagline}. Fresh, smoked and dried fish, shellfish, and everything for your fish farm — from
            Port Harcourt to your door.
          </p>
          <ul className="space-y-2 text-sm">
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" className="h-4 w-4" />
              <a href={SHOP.phoneHref} className="hover:underline">
                {SHOP.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" className="h-4 w-4" />
              <a href={`mailto:${SHOP.email}`} className="hover:underline">
                {SHOP.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{SHOP.address}</span>
            </li>
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Information</h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Newsletter />
      </div>
      {/* On a phone the last line sits clear of the floating WhatsApp button. */}
      <div className="space-y-3 border-t border-white/10 pt-4 pb-20 text-center text-sm text-slate-300 md:pb-4">
        <DataSaverSwitch />
        <p>
          © {SHOP.copyrightYear} {SHOP.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
