import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { DELIVERY_METHODS } from '#core/delivery/methods';
import { CONTACT_CHANNELS, type ContactChannel } from '#core/messages/contact';

/**
 * What the buyer chose at checkout, kept in this tab across a reload (issue 48): the location, method,
 * pickup point, slot, code and contact, and the Pay key, so a reload neither drops the choices (and falls
 * back to Standard) nor makes a new key that would place a second order. The tab's session storage:
 * another tab starts afresh, and the server answers that tab's Pay for the same cart with the same order.
 */

const STORAGE_KEY = 'freshcatch-checkout';

const SavedChoicesSchema = z.object({
  location: z.string().check(z.maxLength(80)),
  method: z.enum(DELIVERY_METHODS),
  pickupLocation: z.string().check(z.maxLength(200)),
  code: z.string().check(z.maxLength(50)),
  slot: z.string().check(z.maxLength(40)),
  contact: z.enum(CONTACT_CHANNELS),
  idempotencyKey: z.string().check(z.regex(/^[\w-]{16,100}$/)),
});
export type CheckoutChoiceState = z.infer<typeof SavedChoicesSchema>;

/** A random key; `crypto.randomUUID` exists only on https and localhost, getRandomValues everywhere. */
function newCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function readSaved(): CheckoutChoiceState | null {
  try {
    const parsed = SavedChoicesSchema.safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Forgets the tab's checkout once its order is paid: the next checkout starts afresh, with a new key. */
export function forgetCheckoutChoices(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window): nothing was kept.
  }
}

/** A checkout nobody has chosen anything at yet: the profile's location, Standard (the spec's default). */
function startingChoices(
  fallback: { location: string; contact: ContactChannel },
  idempotencyKey: string,
): CheckoutChoiceState {
  return {
    location: fallback.location,
    method: 'standard',
    pickupLocation: '',
    code: '',
    slot: '',
    contact: fallback.contact,
    idempotencyKey,
  };
}

type Chosen = Omit<CheckoutChoiceState, 'idempotencyKey' | 'contact'>;

/**
 * The checkout's choices. Until `ready`, the page waits: once hydrated, the first of these stands —
 * the order the buyer came back to from a payment that did not go through (`resumed`), what this tab
 * kept, the cart's own order waiting for payment (`waiting`), else `fallback` (the profile's location,
 * Standard).
 */
export function useCheckoutChoices({
  hydrated,
  resumed,
  waiting,
  fallback,
}: {
  hydrated: boolean;
  resumed: Chosen | null;
  waiting: Chosen | null;
  fallback: { location: string; contact: ContactChannel };
}) {
  const [choices, setChoices] = useState<CheckoutChoiceState | null>(null);

  useEffect(() => {
    if (!hydrated || choices) return;
    const saved = readSaved();
    const fresh = startingChoices(fallback, newCheckoutKey());
    const base = saved ?? (waiting ? { ...fresh, ...waiting } : fresh);
    setChoices(resumed ? { ...base, ...resumed } : base);
  }, [hydrated, choices, resumed, waiting, fallback]);

  useEffect(() => {
    if (!choices) return;
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(choices));
    } catch {
      // Storage full or refused: the choices stay on the page, only a reload forgets them.
    }
  }, [choices]);

  const setters = useMemo(() => {
    const set =
      <K extends keyof CheckoutChoiceState>(key: K) =>
      (value: CheckoutChoiceState[K]) =>
        setChoices((current) => (current && current[key] !== value ? { ...current, [key]: value } : current));
    return {
      setLocation: set('location'),
      setMethod: set('method'),
      setPickupLocation: set('pickupLocation'),
      setCode: set('code'),
      setSlot: set('slot'),
      setContact: set('contact'),
    };
  }, []);

  return {
    ready: choices !== null,
    // Until then the page waits (`ready`): these are only drawn behind its spinner.
    choices: choices ?? startingChoices(fallback, ''),
    ...setters,
  };
}
