import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { ContentPage, Section } from '~/components/content/page';
import { load } from '~/lib/route.server';
import { SHOP } from '#core/shop';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy — FreshCatch' }];

/** The days a message keeps who it went to, as this shop is set (MESSAGE_RETENTION_DAYS, core/retention.ts). */
export const loader = load({
  auth: 'public',
  run: ({ services: { env } }) => ({ messageRetentionDays: env.MESSAGE_RETENTION_DAYS }),
});

const SETTINGS = '/account?tab=settings';

/** One kind of data we keep: what it is, why we keep it, and for how long. */
function Kept({
  title,
  why,
  until,
  children,
}: {
  title: string;
  why: ReactNode;
  until: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1 pt-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <p>{children}</p>
      <p>
        <span className="font-semibold">Why:</span> {why}
      </p>
      <p>
        <span className="font-semibold">How long:</span> {until}
      </p>
    </div>
  );
}

export default function PrivacyRoute() {
  const { messageRetentionDays } = useLoaderData<typeof loader>();
  const days = `${messageRetentionDays} day${messageRetentionDays === 1 ? '' : 's'}`;
  return (
    <ContentPage
      title="Privacy Policy"
      lead={`How ${SHOP.name} collects, uses and protects your personal data, in line with the Nigeria Data Protection Act 2023.`}
    >
      <Section title="What we collect">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Your account details: full name, e-mail address and password (stored only as a secure hash).
          </li>
          <li>Delivery details you give us: phone number, delivery address and location.</li>
          <li>Your orders, reviews, wishlist and notifications.</li>
          <li>
            How you chose to hear about your orders (WhatsApp, SMS or e-mail only) and the messages we send
            you.
          </li>
          <li>
            If you keep a farm book or sell with us: your farms and ponds, and your business name, phone
            number and bank account.
          </li>
          <li>
            Technical data needed to run the site safely: your IP address and browser, kept in our logs for a
            short time.
          </li>
        </ul>
        <p>
          We never see or store your card number: payments are handled by Paystack, a licensed payment
          processor.
        </p>
      </Section>
      <Section title="Why we use it">
        <ul className="list-disc space-y-1 pl-6">
          <li>To deliver your orders and tell you about them (the lawful basis is our contract with you).</li>
          <li>To keep your account secure and prevent fraud (our legitimate interest).</li>
          <li>To keep the shop&apos;s books, as Nigerian tax law requires (a legal obligation).</li>
          <li>To send our newsletter, only if you subscribed; every newsletter has a way to stop it.</li>
        </ul>
      </Section>
      <Section title="Who we share it with">
        <p>
          Our delivery riders see your name, phone number and address for your delivery. Paystack processes
          your payment. WhatsApp (Meta) or Termii carries the messages you chose to get by WhatsApp or SMS.
          Our hosting and e-mail providers store data on our behalf under contract. We do not sell your data.
        </p>
      </Section>
      <Section title="What we keep, why, and how long">
        <p>
          Account data is kept while your account is open. Order records are kept for six years, as Nigerian
          tax law requires. Logs are deleted after 30 days. In detail:
        </p>
        <Kept
          title="Your account"
          why="to sign you in, fill in checkout for you and send your order news the way you chose."
          until="while your account is open; it is deleted with your account."
        >
          Your name, e-mail address, phone number, delivery address and location, and your choice of WhatsApp,
          SMS or e-mail only with when you made it and the number it was for.
        </Kept>
        <Kept
          title="Your orders"
          why="to deliver them, settle a freshness claim or a refund, and keep the shop's books."
          until={
            <>
              six years, as Nigerian tax law requires. If you delete your account, paid orders stay in our
              books with your name, phone number and address removed; unpaid orders are deleted.
            </>
          }
        >
          What you bought and paid, how it was delivered, and the name, phone number and address each order
          went to.
        </Kept>
        <Kept
          title="Addresses"
          why="so the rider finds you, and so an order shows where it went."
          until="the address on your account while it is open; the address on an order with the order, until you delete your account."
        >
          The delivery address and location on your account, and a copy on each order.
        </Kept>
        <Kept
          title="Messages we send you"
          why="to show what we told you about an order and when, if you ask us about it."
          until={
            <>
              the record of a message stays with its order or farm, but the phone number it went to is removed
              after {days}. When a WhatsApp or SMS provider or our mail server is not connected, the shop
              keeps a copy of the message (with your number or e-mail address) instead of sending it; those
              copies are deleted after {days}.
            </>
          }
        >
          Each WhatsApp message and SMS about your orders or your farm: what it said, when, and whether it
          arrived. Of an e-mail we keep only the copy waiting to be sent, deleted at the latest 40 days later.
        </Kept>
        <Kept
          title="Your farm book"
          why="it is your record of your ponds, kept for you."
          until="while your account is open; it is deleted with your account."
        >
          Your farms, ponds, stocking, feeding, water readings and harvests, and the e-mail address or phone
          number of each worker you invited.
        </Kept>
        <Kept
          title="Seller records"
          why="to pay you for your harvests and keep the shop's books."
          until="while you sell with us, then six years, like orders, as Nigerian tax law requires."
        >
          If you sell with us: your business name, phone number and bank account, your offers, and your sales
          and payouts. When you delete your account, your phone number and bank account go with it; your
          business name and your sales stay in the shop&apos;s books.
        </Kept>
        <Kept
          title="Newsletter and bulk enquiries"
          why="to send the newsletter you asked for, and to answer and serve your enquiry."
          until="until you ask us to stop the newsletter or to delete the enquiry; deleting your account also takes its e-mail address off the newsletter list."
        >
          Your e-mail address if you subscribed; your name, phone number, e-mail address and what you need if
          you sent a bulk delivery enquiry.
        </Kept>
        <Kept
          title="Logs and security"
          why="to keep the shop running safely and stop password guessing."
          until="logs are deleted after 30 days; counts of sign-in tries within a day."
        >
          Your IP address and browser, in our server logs and in counts of sign-in tries.
        </Kept>
      </Section>
      <Section title="Download or delete your data">
        <p>
          Sign in and open{' '}
          <Link to={SETTINGS} className="font-medium text-brand-700 hover:underline">
            Account Settings
          </Link>
          :
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <span className="font-semibold">Download my data</span> gives you a copy of the personal data we
            keep about you.
          </li>
          <li>
            <span className="font-semibold">Delete my account</span> deletes your account, addresses,
            wishlist, reviews, notifications and farm book. Paid orders stay in our books with your name,
            phone number and address removed, and the messages about them no longer say the number they went
            to.
          </li>
        </ul>
        <p>You can also write to {SHOP.email} and we will do it for you.</p>
      </Section>
      <Section title="Your rights">
        <p>
          You may ask to see, correct, export or delete your personal data, or object to how we use it. Write
          to {SHOP.email}; we answer within 30 days. You may also complain to the Nigeria Data Protection
          Commission.
        </p>
      </Section>
      <Section title="Cookies">
        <p>
          We use only the cookies the shop needs to work: one keeps you signed in, one carries a message from
          one page to the next. Your cart and a guest wishlist are kept in your browser&apos;s storage, not on
          our servers.
        </p>
      </Section>
    </ContentPage>
  );
}
