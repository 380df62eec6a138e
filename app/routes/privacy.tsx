import { ContentPage, Section } from '~/components/content/page';
import { SHOP } from '#core/shop';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy — FreshCatch' }];

export default function PrivacyRoute() {
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
          <li>To send our newsletter, only if you subscribed; every newsletter has a way to stop it.</li>
        </ul>
      </Section>
      <Section title="Who we share it with">
        <p>
          Our delivery riders see your name, phone number and address for your delivery. Paystack processes
          your payment. Our hosting and e-mail providers store data on our behalf under contract. We do not
          sell your data.
        </p>
      </Section>
      <Section title="How long we keep it">
        <p>
          Account data is kept while your account is open. Order records are kept for six years, as Nigerian
          tax law requires. Logs are deleted after 30 days.
        </p>
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
