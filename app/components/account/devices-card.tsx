import { Laptop } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import type { ActionResult } from '~/lib/action-result';
import { formatShopperDate } from '~/lib/dates';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { SESSION_TEXTS, type SignedInDevice } from '#core/accounts/sessions';

type Device = Omit<SignedInDevice, 'signedInAt' | 'lastSeenAt'> & {
  signedInAt: Date | string;
  lastSeenAt: Date | string;
};

/** Account settings: where the account is signed in, each other device with its Sign out (issue 52 §4). */
export function DevicesCard({ devices }: { devices: Device[] }) {
  const others = devices.filter((device) => !device.current);
  return (
    <section aria-labelledby="devices-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 id="devices-heading" className="font-semibold">
        {SESSION_TEXTS.heading}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{SESSION_TEXTS.intro}</p>
      <ul className="mt-4 divide-y divide-slate-200">
        {devices.map((device) => (
          <DeviceRow key={device.id} device={device} />
        ))}
      </ul>
      {others.length > 0 ? (
        <DeviceForm intent="end-other-devices" label={SESSION_TEXTS.signOutOthers} />
      ) : null}
    </section>
  );
}

function DeviceRow({ device }: { device: Device }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
        <div className="min-w-0 text-sm">
          <p className="font-medium">
            {device.device}
            {device.current ? (
              <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {SESSION_TEXTS.thisDevice}
              </span>
            ) : null}
          </p>
          <p className="break-all text-slate-600">{`From ${device.place}`}</p>
          <p className="text-slate-600">
            Signed in {formatShopperDate(device.signedInAt)} · last seen{' '}
            {formatShopperDate(device.lastSeenAt)}
          </p>
        </div>
      </div>
      {device.current ? null : (
        <DeviceForm
          intent="end-device"
          sessionId={device.id}
          label={SESSION_TEXTS.signOut}
          name={`${SESSION_TEXTS.signOut} ${device.device}`}
        />
      )}
    </li>
  );
}

function DeviceForm(props: { intent: string; label: string; sessionId?: string; name?: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(settledData(fetcher));
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action="/account?tab=settings" className={props.sessionId ? '' : 'mt-4'}>
      <input type="hidden" name="intent" value={props.intent} />
      {props.sessionId ? <input type="hidden" name="sessionId" value={props.sessionId} /> : null}
      <Button type="submit" variant="outline" disabled={busy} aria-label={props.name}>
        {busy ? 'Signing out...' : props.label}
      </Button>
    </fetcher.Form>
  );
}
