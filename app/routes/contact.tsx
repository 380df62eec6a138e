import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { ContentPage, Section } from '~/components/content/page';
import { SHOP } from '#core/shop';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => [
  { title: 'Contact Us — FreshCatch' },
  {
    name: 'description',
    content: `Call, WhatsApp or visit FreshCatch in ${SHOP.city}: ${SHOP.phone}, ${SHOP.email}.`,
  },
];

const channels = [
  {
    icon: Phone,
    label: 'Phone',
    value: SHOP.phone,
    href: SHOP.phoneHref,
    note: 'Monday to Saturday, 7am – 7pm',
  },
  {
    icon: MessageCircle,
    label: 'WhatsApp',
    value: SHOP.phone,
    href: SHOP.whatsappHref,
    note: 'Send a message or a voice note any time',
  },
  {
    icon: Mail,
    label: 'E-mail',
    value: SHOP.email,
    href: `mailto:${SHOP.email}`,
    note: 'We answer within one working day',
  },
];

export default function ContactRoute() {
  return (
    <ContentPage
      title="Contact Us"
      lead="Questions about an order, a product or a delivery? Talk to a person in Port Harcourt."
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {channels.map((c) => (
          <li key={c.label} className="rounded-lg border border-slate-200 bg-white p-5">
            <c.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
            <h2 className="mt-2 font-semibold">{c.label}</h2>
            <a
              href={c.href}
              className="mt-1 block font-medium break-words text-brand-700 hover:underline"
              {...(c.label === 'WhatsApp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {c.value}
            </a>
            <p className="mt-1 text-sm text-slate-600">{c.note}</p>
          </li>
        ))}
      </ul>
      <Section title="Visit our cold room">
        <p className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
          {SHOP.address}. Enter through the blue gate beside the fuel station; parking inside.
        </p>
        <p className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
          Open for pickups Monday to Saturday, 8am – 6pm. Orders placed before 12pm can be collected the same
          day.
        </p>
      </Section>
      <Section title="Ordering for a restaurant, hotel or event?">
        <p>
          Tell us what you need on the{' '}
          <Link to="/bulk" className="font-semibold text-brand-700 hover:underline">
            bulk delivery page
          </Link>{' '}
          and we will call you back with a price.
        </p>
      </Section>
    </ContentPage>
  );
}
