import { useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import { toast } from '~/lib/toasts';
import { Button } from '~/components/ui/button';
import type { ActionFailure, ActionResult } from '~/lib/action-result';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { formatNaira } from '#core/money';
import type { ContactChannel } from '#core/messages/contact';

export type PlaceOrderResult = ActionResult<{
  orderId: string;
  reference: string;
  totalKobo: number;
  provider: 'paystack' | 'demo';
  publicKey: string | null;
  authorizationUrl: string;
  accessCode?: string;
}>;

interface PaystackPopup {
  resumeTransaction(
    accessCode: string,
    callbacks: {
      onSuccess?: (transaction: { reference: string }) => void;
      onCancel?: () => void;
      onError?: (error: { message: string }) => void;
    },
  ): void;
}

declare global {
  interface Window {
    PaystackPop?: new () => PaystackPopup;
  }
}

const PAYMENT_SCRIPT_FAILED = 'Failed to load payment provider. Please try again later.';

/** Paystack's inline script, loaded once, only when a shopper pays. */
function loadPaystack(src: string): Promise<new () => PaystackPopup> {
  if (window.PaystackPop) return Promise.resolve(window.PaystackPop);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.PaystackPop ? resolve(window.PaystackPop) : reject(new Error('PaystackPop missing'));
    script.onerror = () => reject(new Error('could not load Paystack'));
    document.head.append(script);
  });
}

const callbackUrl = (reference: string) => `/checkout/callback?reference=${encodeURIComponent(reference)}`;

function slotOfKey(key: string) {
  const [slotId, day] = key.split(':');
  return { slotId: Number(slotId), day: day ?? '' };
}

/**
 * Places the order on the server (which prices it), then takes the shopper to pay: Paystack's inline
 * popup resumed with the access code, its payment page as the fallback, or our demo payment page.
 */
export function PaymentButton({
  disabled,
  totalKobo,
  payment,
  idempotencyKey,
  order,
  onPlacing,
  onRefused,
}: {
  disabled: boolean;
  totalKobo: number;
  /**
   * The tab's checkout key (app/lib/checkout-choices.ts), kept across a reload: Pay pressed twice, or
   * retried on a weak network, places one order, and pressing it again after closing the payment
   * window resumes that order's payment.
   */
  idempotencyKey: string;
  payment: { provider: 'paystack' | 'demo'; publicKey: string | null; inlineScriptUrl: string };
  order: {
    items: { productId: number; quantity: number }[];
    deliveryMethod: string;
    deliveryLocation: string;
    pickupLocation: string;
    discountCode?: string;
    /** "<slot id>:<day>" when the method and location deliver in slots. */
    deliverySlot?: string;
    /** How the buyer wants to hear about the order beside e-mail. */
    contact: ContactChannel;
  };
  onPlacing: (placing: boolean) => void;
  /** The server refused the order: the page says why beside what it is about (no toast, which vanishes). */
  onRefused: (failure: ActionFailure) => void;
}) {
  const fetcher = useFetcher<PlaceOrderResult>();
  const cancel = useFetcher();
  const [scriptFailed, setScriptFailed] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  const revalidator = useRevalidator();

  // A refused order is said on the page (onRefused), not in a toast.
  useActionResult(settledData(fetcher), {
    failureToast: false,
    onFailure: (failure) => {
      onPlacing(false);
      // A slot may have filled meanwhile: read the checkout's slots again.
      void revalidator.revalidate();
      onRefused(failure);
    },
    onSuccess: (result) => {
      if (result.provider === 'demo' || !result.accessCode) {
        window.location.assign(result.authorizationUrl);
        return;
      }
      const { accessCode, reference, authorizationUrl } = result;
      loadPaystack(payment.inlineScriptUrl)
        .then((Popup) => {
          new Popup().resumeTransaction(accessCode, {
            onSuccess: () => window.location.assign(callbackUrl(reference)),
            onCancel: () => {
              onPlacing(false);
              // Asks the provider what happened; an open transaction stays pending until it expires.
              cancel.submit({ reference }, { method: 'post', action: '/checkout/cancel' });
              toast('Payment cancelled', {
                description: 'Nothing was charged. You can pay again when you are ready.',
              });
            },
            onError: () => window.location.assign(authorizationUrl),
          });
        })
        .catch(() => {
          onPlacing(false);
          setScriptFailed(authorizationUrl);
        });
    },
  });

  function pay() {
    setScriptFailed(null);
    onPlacing(true);
    const body = {
      idempotencyKey,
      items: order.items,
      deliveryMethod: order.deliveryMethod,
      deliveryLocation: order.deliveryLocation,
      ...(order.deliveryMethod === 'pickup' ? { pickupLocation: order.pickupLocation } : {}),
      ...(order.discountCode ? { discountCode: order.discountCode } : {}),
      ...(order.deliverySlot ? { deliverySlot: slotOfKey(order.deliverySlot) } : {}),
      contact: order.contact,
    };
    fetcher.submit(body, { method: 'post', action: '/checkout', encType: 'application/json' });
  }

  return (
    <div className="space-y-2">
      <Button
        size="lg"
        className="w-full whitespace-normal"
        disabled={disabled || busy || scriptFailed !== null}
        onClick={pay}
      >
        {busy ? 'Processing...' : scriptFailed ? PAYMENT_SCRIPT_FAILED : `Pay ${formatNaira(totalKobo)}`}
      </Button>
      {scriptFailed ? (
        <a href={scriptFailed} className="block text-center text-sm font-semibold text-brand-700 underline">
          Pay on Paystack&apos;s secure page instead
        </a>
      ) : null}
    </div>
  );
}
