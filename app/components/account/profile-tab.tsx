import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { PROFILE_FIELD_LABELS } from '#core/accounts/profile';
import { displayPhone } from '#core/phone-display';
import { CONTACT_LABELS, type ContactChannel } from '#core/messages/contact';
import { formatShopperDate } from '~/lib/dates';
import { ContactChoice } from './contact-choice';
import { PlacePicker } from '~/components/delivery/place-picker';

export interface ProfileView {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  location: string | null;
  missing: string[];
  /** How the buyer hears about orders; `since` is null while they have not chosen. */
  contact: { channel: ContactChannel; since: Date | string | null };
}

export function ProfileTab({ profile, locations }: { profile: ProfileView; locations: string[] }) {
  const [editing, setEditing] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  const errors = useActionResult(settledData(fetcher), {
    onSuccess: () => setEditing(false),
    failureToast: (failure) => ({ title: 'Failed to update profile', description: failure.error.message }),
  });

  const labels = PROFILE_FIELD_LABELS;
  const rows: [string, string | null][] = [
    [labels.name, profile.name],
    [labels.email, profile.email],
    [labels.phone, profile.phone && displayPhone(profile.phone)],
    [labels.address, profile.address],
    [labels.location, profile.location],
    [
      'Order updates',
      `${CONTACT_LABELS[profile.contact.channel]}${profile.contact.since ? ` · chosen ${formatShopperDate(profile.contact.since)}` : ''}`,
    ],
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Profile</h2>
        {editing ? null : (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit Profile
          </Button>
        )}
      </div>
      {profile.missing.length > 0 ? (
        <Alert tone="warning" title="Your profile is incomplete">
          Checkout needs: {profile.missing.join(', ')}.
        </Alert>
      ) : (
        <Badge variant="success">Profile complete</Badge>
      )}
      {editing ? (
        <fetcher.Form
          method="post"
          action="/account?tab=profile"
          className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-2"
          noValidate
        >
          <input type="hidden" name="intent" value="profile" />
          <Field
            label={labels.name}
            name="fullName"
            defaultValue={profile.name}
            autoComplete="name"
            required
            error={errors.fullName}
          />
          <Field
            label={labels.email}
            name="email"
            defaultValue={profile.email}
            readOnly
            hint="Email cannot be changed"
          />
          <Field
            label={labels.phone}
            name="phone"
            type="tel"
            defaultValue={profile.phone ? displayPhone(profile.phone) : ''}
            autoComplete="tel"
            error={errors.phone}
          />
          <PlacePicker
            label={labels.location}
            name="location"
            typedName="locationTyped"
            places={locations}
            value={profile.location ?? ''}
            placeholder="Choose your town"
            error={errors.location ?? errors.locationTyped}
          />
          <Field
            label={labels.address}
            name="address"
            defaultValue={profile.address ?? ''}
            autoComplete="street-address"
            className="sm:col-span-2"
            error={errors.address}
          />
          <div className="sm:col-span-2">
            <ContactChoice
              phone={profile.phone}
              defaultValue={profile.contact.channel}
              error={errors.contact}
            />
          </div>
          <div className="flex gap-3 sm:col-span-2">
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              {fetcher.state !== 'idle' ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5 sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd>
                {profile.missing.includes(label) ? <span className="text-amber-800">Not set</span> : value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
