import { CircleCheck } from 'lucide-react';
import { Form, useActionData, useNavigation } from 'react-router';
import { ContentPage, Section } from '~/components/content/page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Field, inputClasses } from '~/components/ui/field';
import { act } from '~/lib/route.server';
import { retryAfterOfAction } from '~/lib/errors.server';
import { useActionResult } from '~/lib/use-action-result';
import { BulkEnquirySchema } from '#core/enquiries/schemas';
import { createBulkEnquiry } from '#core/enquiries/service';
import type { Route } from './+types/bulk';

export const meta: Route.MetaFunction = () => [
  { title: 'Bulk Delivery — FreshCatch' },
  {
    name: 'description',
    content:
      'Fish and seafood in bulk for restaurants, hotels, caterers, events and fish farms, delivered from Port Harcourt.',
  },
];

/** A refused form's Retry-After (too many tries) reaches the browser. */
export const headers = retryAfterOfAction;

export const action = act({
  auth: 'public',
  form: BulkEnquirySchema,
  run: async ({ input: enquiry, services: { db, jobs }, clientIp }) => {
    await createBulkEnquiry(db, jobs, enquiry, {
      clientAddress: clientIp,
    });
    return {};
  },
});

export default function BulkRoute() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = useActionResult(result, { failureToast: 'unless-field-errors' });
  return (
    <ContentPage
      title="Bulk Delivery"
      lead="Restaurants, hotels, caterers, schools, events and fish farms: order by the crate or the tonne, delivered on your schedule."
    >
      <Section title="What we offer">
        <ul className="list-disc space-y-1 pl-6">
          <li>Fresh and live fish, shellfish, smoked and dried fish at wholesale prices from 50 kg.</li>
          <li>
            Regular weekly or daily deliveries in Port Harcourt, and scheduled trucks to Lagos and Abuja.
          </li>
          <li>Feeds by the pallet and pond equipment for farms, with installation advice.</li>
          <li>One invoice a month for account customers.</li>
        </ul>
      </Section>
      {result?.ok ? (
        <Alert tone="success" title="Thank you — we have your enquiry">
          <p className="flex items-center gap-2">
            <CircleCheck aria-hidden="true" className="h-5 w-5" /> Our sales desk will call you within one
            working day with a price.
          </p>
        </Alert>
      ) : (
        <Section title="Tell us what you need">
          <Form
            method="post"
            className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2"
            noValidate
          >
            <Field label="Your name" name="name" autoComplete="name" required error={errors.name} />
            <Field
              label="Phone number"
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              error={errors.phone}
            />
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              error={errors.email}
            />
            <Field
              label="Business or organisation (optional)"
              name="organisation"
              autoComplete="organization"
              error={errors.organisation}
            />
            <Field
              label="Delivery location"
              name="location"
              required
              error={errors.location}
              placeholder="e.g. GRA Phase 2, Port Harcourt"
            />
            <Field
              label="Approximate weight in kg (optional)"
              name="weightKg"
              inputMode="numeric"
              error={errors.weightKg}
            />
            <Field label="Needed by (optional)" name="neededBy" type="date" error={errors.neededBy} />
            <div className="sm:col-span-2">
              <label htmlFor="details" className="block text-sm font-medium text-slate-800">
                What do you need?
              </label>
              <textarea
                id="details"
                name="details"
                rows={5}
                required
                aria-invalid={errors.details ? true : undefined}
                aria-describedby={errors.details ? 'details-error' : undefined}
                className={`${inputClasses} mt-1`}
                placeholder="e.g. 200 kg of live catfish every Friday, and 50 kg of smoked fish a month"
              />
              {errors.details ? (
                <p id="details-error" className="mt-1 text-sm font-medium text-red-700">
                  {errors.details}
                </p>
              ) : null}
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                {navigation.state === 'submitting' ? 'Sending...' : 'Send enquiry'}
              </Button>
            </div>
          </Form>
        </Section>
      )}
    </ContentPage>
  );
}
