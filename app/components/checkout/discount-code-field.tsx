import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import type { ActionResult } from '~/lib/action-result';
import { useOnline } from '~/lib/offline';
import { settledData, showToast, useActionResult } from '~/lib/use-action-result';
import { HOME_LOCATION, type DeliveryMethod } from '#core/delivery/methods';
import type { AppliedDiscount, DiscountCheck, DiscountRefusal } from '#core/discounts/rules';

type QuoteResult = ActionResult<{
  discount: (DiscountCheck & { toast: { title: string; description: string } }) | null;
}>;

/** Spec §4's discount code validation status. */
export type DiscountState =
  | { status: 'empty' }
  | { status: 'validating' }
  | { status: 'valid'; discount: AppliedDiscount; message: string }
  | { status: 'invalid'; message: string; reason?: DiscountRefusal };

/**
 * The code is checked on the server 500 ms after the last keystroke (spec §4), or at once when the
 * shopper applies it (`applyNow`: the Apply button, Enter in the field). Applying asks only about a code
 * not yet asked about, so it never brings a second check or a second toast: it skips the pause.
 */
export function useDiscountCode(
  code: string,
  location: string,
  method: DeliveryMethod,
  items: { productId: number; quantity: number }[],
  /** A code the page starts with (back from a declined payment): checked without a toast of its own. */
  startingCode: string,
) {
  const fetcher = useFetcher<QuoteResult>();
  const [state, setState] = useState<DiscountState>({ status: 'empty' });
  const asked = useRef('');
  const quiet = useRef(startingCode);
  /** Asks about the code on screen now, while its pause is still running; null once asked. */
  const waiting = useRef<(() => void) | null>(null);
  const key = JSON.stringify([code.trim().toUpperCase(), location.trim().toLowerCase(), method, items]);
  const online = useOnline();

  useEffect(() => {
    if (!code.trim()) {
      setState({ status: 'empty' });
      asked.current = '';
      return;
    }
    setState({ status: 'validating' });
    // Offline, the code waits: it is asked about once the connection is back.
    if (!online) return;
    const ask = () => {
      waiting.current = null;
      asked.current = key;
      fetcher.submit(
        { items, deliveryLocation: location || HOME_LOCATION, deliveryMethod: method, discountCode: code },
        { method: 'post', action: '/api/checkout/quote', encType: 'application/json' },
      );
    };
    const timer = setTimeout(ask, 500);
    waiting.current = () => {
      clearTimeout(timer);
      ask();
    };
    return () => {
      clearTimeout(timer);
      waiting.current = null;
    };
    // The key stands for code, location, method and items: a method the shop delivers free makes a
    // free-delivery code not needed (decision 045).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, online]);

  // Only the answer for the code, place and cart now on screen counts: an older one is dropped.
  const answersCurrentKey = () => {
    if (asked.current !== key) return false;
    asked.current = '';
    return true;
  };
  useActionResult(settledData(fetcher), {
    // A refused quote is said under the code field, not in a toast.
    failureToast: false,
    onFailure: (failure) => {
      if (answersCurrentKey()) setState({ status: 'invalid', message: failure.error.message });
    },
    onSuccess: ({ discount }) => {
      if (!answersCurrentKey() || !discount) return;
      const { toast: message } = discount;
      // The page's toast then is the payment's: the starting code's verdict is said under the field.
      const announce = code !== quiet.current;
      quiet.current = '';
      if (discount.ok) {
        setState({ status: 'valid', discount: discount.discount, message: message.description });
        if (announce) showToast({ type: 'success', ...message });
      } else {
        setState({ status: 'invalid', message: discount.message, reason: discount.reason });
        if (announce) showToast({ type: discount.reason === 'not-needed' ? 'info' : 'error', ...message });
      }
    },
  });

  const applyNow = useCallback(() => waiting.current?.(), []);
  return { discount: state, applyNow };
}

/** "Have a discount code?": the field, its Apply button (or Enter) and what became of the code. */
export function DiscountCodeField({
  code,
  onCodeChange,
  discount,
  onApply,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  discount: DiscountState;
  onApply: () => void;
}) {
  return (
    <section aria-labelledby="discount-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="discount-heading" className="text-lg font-semibold">
        Have a discount code?
      </h2>
      <form
        className="mt-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <label htmlFor="discount-code" className="sr-only">
          Discount code
        </label>
        <input
          id="discount-code"
          value={code}
          onChange={(e) => onCodeChange(e.target.value)}
          maxLength={50}
          autoCapitalize="characters"
          placeholder="e.g. FREEDELIVERY"
          aria-describedby="discount-status"
          className={`${inputClasses} flex-1 uppercase`}
        />
        <Button type="submit" variant="outline" data-keep-clear="">
          Apply
        </Button>
      </form>
      <p id="discount-status" role="status" className="mt-2 min-h-5 text-sm">
        {discount.status === 'validating' ? <span className="text-slate-600">Checking the code…</span> : null}
        {discount.status === 'valid' ? (
          <span className="font-medium text-green-700">{discount.message}</span>
        ) : null}
        {discount.status === 'invalid' ? (
          <span
            className={`font-medium ${discount.reason === 'not-needed' ? 'text-slate-700' : 'text-red-700'}`}
          >
            {discount.message}
          </span>
        ) : null}
      </p>
    </section>
  );
}
