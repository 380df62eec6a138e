import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { QuantityStepper } from '~/components/catalog/quantity-stepper';
import { OrderSummaryCard } from '~/components/checkout/order-summary';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { cart, useCart } from '~/lib/cart';
import { formatNaira, formatWeight, perWeightLabel } from '#core/money';
import { useFreshPrices } from '~/lib/use-fresh-prices';
import type { OfflineNoteHandle } from '~/components/layout/offline-note';
import { offlineCopyHeaders } from '~/lib/cache.server';
import { useHydrated } from '~/lib/use-hydrated';
import { blockingChanges, lineUnitPriceKobo, type CartChange, type CartItem } from '#core/cart/rules';
import { nextPriceTier } from '#core/catalog/price-tiers';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = () => [{ title: 'Shopping Cart — FreshCatch' }];

/** Nothing of the visitor but their kind: the lines live in the browser. So the phone may keep it. */
export function headers() {
  return offlineCopyHeaders();
}

/** The cart says itself what offline means for its prices (the layout's note would date them wrongly). */
export const handle: OfflineNoteHandle = { offlineNote: false };

function ChangeNotice({ change }: { change: CartChange }) {
  if (change.kind === 'price') {
    return (
      <>
        The price of <strong>{change.name}</strong> changed from {formatNaira(change.oldPriceKobo)} to{' '}
        {formatNaira(change.newPriceKobo)}.
      </>
    );
  }
  if (change.kind === 'unavailable') {
    return (
      <>
        <strong>{change.name}</strong> is no longer sold. Remove it to continue to checkout.
      </>
    );
  }
  if (change.kind === 'short') return <>{change.message} Lower it to continue to checkout.</>;
  if (change.kind === 'farm')
    return (
      <>
        The farm you chose for <strong>{change.name}</strong> has sold out: it now comes from{' '}
        {change.farm ?? 'the shop’s own stock'}.
      </>
    );
  return (
    <>
      <strong>{change.name}</strong> is out of stock. Remove it to continue to checkout.
    </>
  );
}

export default function CartRoute() {
  const hydrated = useHydrated();
  const { items, subtotalKobo, weightGrams } = useCart();
  const { changes, itemsLeft, checking, offline } = useFreshPrices();
  const blocked = blockingChanges(changes);

  if (!hydrated) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold">Shopping Cart</h1>
        <Spinner label="Loading your cart…" className="py-16" />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 text-center sm:px-6">
        <h1 className="text-3xl font-bold">Shopping Cart</h1>
        <p className="mt-8 text-lg text-slate-800">Your cart is empty</p>
        <Link to="/products" className={buttonClasses({ className: 'mt-6' })}>
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">Shopping Cart</h1>
      {offline ? (
        <Alert tone="info" title="You're offline" className="mt-6">
          Your cart is kept on this phone, and you can still change it. The prices are the ones you saw when
          you added each item; they are checked again when you are connected, before you pay.
        </Alert>
      ) : null}
      {changes.length > 0 ? (
        <Alert
          tone={blocked.length > 0 ? 'warning' : 'info'}
          title={
            blocked.length === 0
              ? "Your cart was updated with today's prices"
              : 'Your cart needs a change before checkout'
          }
          className="mt-6"
        >
          <ul className="list-disc space-y-1 pl-5">
            {changes.map((change) => (
              <li key={`${change.id}-${change.kind}`}>
                <ChangeNotice change={change} />
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Items in your cart">
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.map((item) => (
              <li key={item.id} className="flex gap-4 p-4">
                <Link to={`/products/${item.id}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
                  <ProductImage
                    url={item.image}
                    alt=""
                    sizes="96px"
                    width={96}
                    height={72}
                    className="h-18 w-24 rounded object-cover"
                  />
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <Link
                      to={`/products/${item.id}`}
                      className="font-semibold text-slate-900 hover:text-brand-800"
                    >
                      {item.name}
                    </Link>
                    <p className="font-bold">{formatNaira(lineUnitPriceKobo(item) * item.quantity)}</p>
                  </div>
                  {item.farm ? <p className="text-sm text-slate-700">From {item.farm}</p> : null}
                  <p className="text-sm text-slate-600">
                    {formatNaira(lineUnitPriceKobo(item))} {perWeightLabel(item.weightGrams)} · Total weight{' '}
                    {formatWeight(item.weightGrams * item.quantity)}
                  </p>
                  <TierNote item={item} />
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <QuantityStepper
                      value={item.quantity}
                      label={`Quantity of ${item.name}`}
                      onChange={(quantity) => cart.setQuantity(item.id, Math.max(1, quantity))}
                      max={itemsLeft.get(item.id) ?? undefined}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => cart.remove(item.id)}
                      aria-label={`Remove ${item.name}`}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/products" className={buttonClasses({ variant: 'outline' })}>
              Continue Shopping
            </Link>
            <ClearCart onClear={() => cart.clear()} />
          </div>
        </section>
        <OrderSummaryCard
          title="Order Summary"
          subtotalKobo={subtotalKobo}
          weightGrams={weightGrams}
          totalKobo={subtotalKobo}
          totalLabel="Order Total"
        >
          <p className="mt-2 text-xs text-slate-600">
            Delivery is worked out at checkout from the weight and your location.
          </p>
          {blocked.length > 0 || checking ? (
            <span aria-disabled="true" className={buttonClasses({ size: 'lg', className: 'mt-4 w-full' })}>
              Proceed to Checkout
            </span>
          ) : (
            <Link
              to="/checkout"
              className={buttonClasses({ size: 'lg', className: 'mt-4 w-full' })}
              data-keep-clear=""
            >
              Proceed to Checkout
            </Link>
          )}
        </OrderSummaryCard>
      </div>
    </div>
  );
}

/**
 * "Clear Cart" asks first, in place: a tap that empties a cart filled
 * over 2G is costly to undo. No dialog library: the storefront's scripts stay as small as they are.
 */
function ClearCart({ onClear }: { onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <Button variant="ghost" onClick={() => setAsking(true)} data-keep-clear="">
        Clear Cart
      </Button>
    );
  return (
    <div
      role="group"
      aria-labelledby="clear-cart-question"
      className="flex flex-wrap items-center gap-2"
      data-keep-clear=""
    >
      <span id="clear-cart-question" className="text-sm font-medium text-slate-800">
        Remove every item from your cart?
      </span>
      <Button variant="destructive" size="sm" onClick={onClear}>
        Yes, clear cart
      </Button>
      <Button ref={keep} variant="outline" size="sm" onClick={() => setAsking(false)}>
        Keep my items
      </Button>
    </div>
  );
}

/** A line's quantity price: what it saves now, and how many more reach the next one. */
function TierNote({ item }: { item: CartItem }) {
  if (!item.priceTiers?.length) return null;
  const saved = (item.priceKobo - lineUnitPriceKobo(item)) * item.quantity;
  const next = nextPriceTier(item.priceKobo, item.priceTiers, item.quantity);
  if (saved <= 0 && !next) return null;
  return (
    <p className="text-sm font-medium text-green-800">
      {saved > 0 ? `Quantity price: you save ${formatNaira(saved)}.` : null}
      {saved > 0 && next ? ' ' : null}
      {next ? `Add ${next.more} more for ${formatNaira(next.priceKobo)} each.` : null}
    </p>
  );
}
