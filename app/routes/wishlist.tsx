import { ArrowLeft, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import { toast } from '~/lib/toasts';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { ProductImage } from '~/components/catalog/product-image';
import { Button, buttonClasses } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import type { ActionResult } from '~/lib/action-result';
import { load } from '~/lib/route.server';
import { CART_TOAST_MS } from '~/lib/cart';
import { guestWishlist, useGuestWishlist } from '~/lib/guest-wishlist';
import { formatNaira, perWeightLabel } from '#core/money';
import { settledData, useActionResult } from '~/lib/use-action-result';
import { useHydrated } from '~/lib/use-hydrated';
import type { ProductSummary } from '#core/catalog/service';
import { listWishlist } from '#core/wishlist/service';
import type { Route } from './+types/wishlist';

export const meta: Route.MetaFunction = () => [
  { title: 'My Wishlist — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

export const loader = load({
  auth: 'visitor',
  run: async ({ user, services: { db } }) => ({
    signedIn: user !== null,
    products: user ? await listWishlist(db, user.id) : [],
  }),
});

function RemoveButton({ product, signedIn }: { product: ProductSummary; signedIn: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useActionResult(settledData(fetcher), {
    failureToast: () => ({
      title: 'Error',
      description: 'Could not remove from wishlist',
      duration: CART_TOAST_MS,
    }),
  });
  const remove = () => {
    if (signedIn)
      fetcher.submit(
        { intent: 'remove', productId: String(product.id) },
        { method: 'post', action: '/api/wishlist' },
      );
    else guestWishlist.remove(product.id);
    toast('Removed from wishlist', {
      description: `${product.name} removed from your wishlist`,
      duration: CART_TOAST_MS,
    });
  };
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={remove}
      disabled={fetcher.state !== 'idle'}
      aria-label={`Remove ${product.name} from wishlist`}
    >
      <Trash2 aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}

function WishlistGrid({ products, signedIn }: { products: ProductSummary[]; signedIn: boolean }) {
  return (
    <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li
          key={product.id}
          className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
        >
          <Link to={`/products/${product.id}`} className="block" tabIndex={-1} aria-hidden="true">
            <ProductImage
              url={product.imageUrl}
              alt=""
              sizes="(min-width: 640px) 33vw, 100vw"
              className="aspect-[4/3] w-full object-cover"
            />
          </Link>
          <div className="flex flex-1 flex-col gap-2 p-4">
            <Link to={`/products/${product.id}`} className="font-semibold hover:text-brand-800">
              {product.name}
            </Link>
            <p>
              <span className="font-bold">{formatNaira(product.priceKobo)}</span>{' '}
              <span className="text-sm text-slate-600">{perWeightLabel(product.weightGrams || 1000)}</span>
            </p>
            <div className="mt-auto flex gap-2 pt-2">
              <AddToCartButton
                product={{ ...product, weightGrams: product.weightGrams || 1000 }}
                mode="again"
                className="flex-1"
              />
              <RemoveButton product={product} signedIn={signedIn} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

function GuestWishlist() {
  const hydrated = useHydrated();
  const ids = useGuestWishlist();
  const fetcher = useFetcher<{ products: ProductSummary[] }>();
  const key = ids.join(',');
  useEffect(() => {
    if (key) fetcher.load(`/api/products?ids=${key}`);
    // fetcher is stable enough for this: reload only when the ids change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!hydrated || (key && !fetcher.data))
    return <Spinner label="Loading your saved products…" className="py-10" />;
  const products = (fetcher.data?.products ?? []).filter((p) => ids.includes(p.id));
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="saved-heading" className="mt-10">
      <h2 id="saved-heading" className="text-xl font-semibold">
        Saved on this device
      </h2>
      <WishlistGrid products={products} signedIn={false} />
    </section>
  );
}

export default function WishlistRoute() {
  const { signedIn, products } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Link
        to="/account"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Account
      </Link>
      <h1 className="mt-3 text-3xl font-bold">My Wishlist</h1>
      {!signedIn ? (
        <>
          <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6">
            <p className="text-slate-800">
              Sign in to see your wishlist on every device. What you saved here joins your account when you
              sign in.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/login?redirectTo=%2Fwishlist" className={buttonClasses()}>
                Login
              </Link>
              <Link to="/signup" className={buttonClasses({ variant: 'outline' })}>
                Sign Up
              </Link>
            </div>
          </div>
          <GuestWishlist />
        </>
      ) : products.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-lg text-slate-800">Your wishlist is empty</p>
          <Link to="/products" className={buttonClasses({ className: 'mt-4' })}>
            Browse products
          </Link>
        </div>
      ) : (
        <WishlistGrid products={products} signedIn />
      )}
    </div>
  );
}
