import { ArrowLeft, Clock, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link, useLoaderData, useNavigate } from 'react-router';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { ProductImage } from '~/components/catalog/product-image';
import { QuantityStepper } from '~/components/catalog/quantity-stepper';
import { RatingStars } from '~/components/catalog/rating-stars';
import { ReviewsPanel } from '~/components/catalog/reviews';
import { WishlistButton } from '~/components/catalog/wishlist-button';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { requireAdmin, requireUser } from '~/lib/auth/guards.server';
import { getViewerKind } from '~/lib/auth/session.server';
import { sharedCatalogueHeaders } from '~/lib/cache.server';
import { cart, useCart } from '~/lib/cart';
import { formAction } from '~/lib/actions.server';
import { orThrowResponse, parseRowIdParam } from '~/lib/errors.server';
import { previewImage } from '~/lib/images';
import { formatNaira, formatWeight, gramsToKg, koboToNaira, nairaFigure } from '#core/money';
import { useHydrated } from '~/lib/use-hydrated';
import { CATEGORY_LABELS, priceUnitLabel } from '#core/catalog/categories';
import { getProduct } from '#core/catalog/service';
import { ReviewActionSchema } from '#core/reviews/schemas';
import { deleteReview, listReviews, submitReview } from '#core/reviews/service';
import type { ProductForShopper } from './api/product-for-shopper';
import type { Route } from './+types/product';
import { TRY_AGAIN, withRetries } from '~/lib/retries';
import { shop } from '~/lib/context';

const parseProductId = (raw: string | undefined) =>
  parseRowIdParam(raw, 'Error loading product details. This product may not exist.');

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Product not found — FreshCatch' }];
  const { product, origin } = loaderData;
  const url = `${origin}/products/${product.id}`;
  const price = formatNaira(product.priceKobo);
  const title = `${product.name} — ${price} ${priceUnitLabel(product)} | FreshCatch`;
  const description = `${price} ${priceUnitLabel(product)}. ${product.description}`.slice(0, 160);
  const image = previewImage(product.imageUrl) ?? product.imageUrl;
  const imageUrl = image ? new URL(image, origin).toString() : undefined;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: 'FreshCatch' },
    { property: 'og:title', content: `${product.name} — ${price}` },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(imageUrl
      ? [
          { property: 'og:image', content: imageUrl },
          { property: 'og:image:width', content: '1200' },
          { property: 'og:image:height', content: '630' },
          { property: 'og:image:alt', content: product.name },
        ]
      : []),
    { property: 'product:price:amount', content: String(koboToNaira(product.priceKobo)) },
    { property: 'product:price:currency', content: 'NGN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: String(product.id),
        category: CATEGORY_LABELS[product.category],
        ...(imageUrl ? { image: [imageUrl] } : {}),
        weight: { '@type': 'QuantitativeValue', value: gramsToKg(product.weightGrams), unitCode: 'KGM' },
        offers: {
          '@type': 'Offer',
          url,
          price: nairaFigure(product.priceKobo),
          priceCurrency: 'NGN',
          availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
        ...(product.reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.averageRating,
                reviewCount: product.reviewCount,
              },
            }
          : {}),
      },
    },
  ];
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseProductId(params.id);
  const { db, env } = shop(context).services;
  const [product, viewer] = await Promise.all([
    orThrowResponse(() => getProduct(db, id)),
    getViewerKind(request, context),
  ]);
  // The same page for every shopper (of one kind): what is their own — the wishlist heart, the right
  // to review — the page asks for once it is live (api/product-for-shopper.ts).
  return data(
    {
      product,
      // Reviews sit below the fold: they stream in after the page (STYLE §7).
      reviews: listReviews(db, id),
      signedIn: viewer !== 'guest',
      isAdmin: viewer === 'admin',
      origin: env.PUBLIC_URL,
    },
    { headers: sharedCatalogueHeaders(request, context) },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const productId = parseProductId(params.id);
  const user = await requireUser(request, context);
  const { db } = shop(context).services;
  return formAction(request, ReviewActionSchema, async (input) => {
    if (input.intent === 'delete-review') {
      // The schema cannot refuse a deletion: the admin check is the first thing it meets.
      const admin = await requireAdmin(request, context);
      await deleteReview(db, admin, input.reviewId);
      return { toast: { title: 'Review deleted', description: 'The review has been removed.' } };
    }
    const { intent: _intent, ...review } = input;
    await submitReview(db, user.id, productId, review);
    return { toast: { title: 'Review submitted', description: 'Thank you for your review!' } };
  });
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Link
      to="/products"
      onClick={(event) => {
        // Back to where the shopper came from (a filtered list, search results) when there is one.
        if ((window.history.state?.idx ?? 0) > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back
    </Link>
  );
}

function BuyBox({ product }: { product: Route.ComponentProps['loaderData']['product'] }) {
  const { has, quantityOf } = useCart();
  const hydrated = useHydrated();
  const inCart = hydrated && has(product.id);
  const [chosen, setChosen] = useState(1);
  // In the cart, the stepper shows and changes the cart's quantity (spec §4).
  const quantity = inCart ? quantityOf(product.id) : chosen;
  const setQuantity = (next: number) => (inCart ? cart.setQuantity(product.id, next) : setChosen(next));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <QuantityStepper value={quantity} onChange={setQuantity} disabled={!product.inStock} />
      <AddToCartButton product={product} quantity={quantity} mode="once" from="detail" size="lg" />
    </div>
  );
}

/** Waits before each try of the shopper's own bits: at once, then again after 1 s and 3 s. */
const FOR_SHOPPER_TRIES_MS = [0, 1000, 3000];

/**
 * The signed-in shopper's own bits of the page, read once it is live and again whenever the page's
 * data is (after every action: a wishlist change, a guest's list merged at sign-in, a review), as
 * `revision` changes; undefined until known. One plain request: a fetcher would first load the
 * resource route's module, one more round trip on a weak network. A guest
 * has none. A request lost on a weak network or refused by a busy server is tried twice more; if no
 * answer comes the heart still works (adding twice is harmless) and the review form's place stays empty.
 */
function useForShopper(productId: number, signedIn: boolean, revision: object): Partial<ProductForShopper> {
  const [answer, setAnswer] = useState<{ productId: number; mine: Partial<ProductForShopper> } | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    const ask = () =>
      withRetries<Partial<ProductForShopper>>(
        FOR_SHOPPER_TRIES_MS,
        async () => {
          try {
            const response = await fetch(`/api/products/${productId}/for-shopper`, {
              signal: controller.signal,
            });
            if (response.ok) return (await response.json()) as ProductForShopper;
            // Only a server in trouble is asked again; any other refusal will not change.
            return response.status >= 500 ? TRY_AGAIN : { inWishlist: false };
          } catch {
            return TRY_AGAIN; // the network lost it
          }
        },
        controller.signal,
      );
    void ask().then(
      (mine) => controller.signal.aborted || setAnswer({ productId, mine: mine ?? { inWishlist: false } }),
    );
    return () => controller.abort();
  }, [productId, signedIn, revision]);
  if (!signedIn) return { inWishlist: false, mayReview: false };
  return answer?.productId === productId ? answer.mine : {};
}

export default function ProductRoute() {
  const page = useLoaderData<typeof loader>();
  const { product, reviews, signedIn, isAdmin: admin } = page;
  const { inWishlist, mayReview } = useForShopper(product.id, signedIn, page);
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/products" className="hover:underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-slate-900">
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="mt-3">
        <BackButton />
      </div>

      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <ProductImage
            url={product.imageUrl}
            alt={product.name}
            sizes="(min-width: 768px) 50vw, 100vw"
            eager
            className="aspect-[4/3] w-full object-cover"
          />
        </div>
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary">{CATEGORY_LABELS[product.category]}</Badge>
            {product.inStock ? (
              <Badge variant="success">In Stock</Badge>
            ) : (
              <Badge variant="destructive">Out of Stock</Badge>
            )}
          </div>
          <h1 className="text-3xl font-bold">{product.name}</h1>
          <div className="flex items-center gap-2 text-slate-700">
            <RatingStars rating={product.averageRating} size="md" />
            <span>
              {product.averageRating.toFixed(1)} ({product.reviewCount}{' '}
              {product.reviewCount === 1 ? 'review' : 'reviews'})
            </span>
          </div>
          <p>
            <span className="text-3xl font-bold">{formatNaira(product.priceKobo)}</span>{' '}
            <span className="text-slate-600">{priceUnitLabel(product)}</span>
          </p>
          <BuyBox product={product} />
          <div className="flex flex-wrap gap-3">
            <WishlistButton key={product.id} product={product} inServerWishlist={inWishlist} />
            <Link to="/cart" className={buttonClasses({ variant: 'secondary' })}>
              Proceed to Checkout
            </Link>
          </div>
          <ul className="space-y-2 rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
            <li className="flex items-center gap-2">
              <Truck aria-hidden="true" className="h-4 w-4 shrink-0" /> Free delivery within Port Harcourt for
              orders above ₦50,000
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="h-4 w-4 shrink-0" /> Same-day delivery for orders before
              12pm
            </li>
          </ul>
        </div>
      </div>

      <Tabs defaultValue="details" className="mt-10">
        <TabsList aria-label="Product information">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="reviews">Reviews ({product.reviewCount})</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <dl className="grid max-w-2xl gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-600">Category</dt>
            <dd>{CATEGORY_LABELS[product.category]}</dd>
            <dt className="font-medium text-slate-600">Origin</dt>
            <dd>{product.origin ?? 'Not stated'}</dd>
            <dt className="font-medium text-slate-600">Freshness</dt>
            <dd>{product.freshness} out of 5</dd>
            <dt className="font-medium text-slate-600">Weight</dt>
            <dd>{formatWeight(product.weightGrams)}</dd>
            {product.location ? (
              <>
                <dt className="font-medium text-slate-600">Ships from</dt>
                <dd>{product.location}</dd>
              </>
            ) : null}
          </dl>
          <p className="mt-6 max-w-3xl leading-relaxed text-slate-800">{product.description}</p>
        </TabsContent>
        <TabsContent value="reviews">
          <ReviewsPanel
            reviews={reviews}
            productId={product.id}
            reviewCount={product.reviewCount}
            signedIn={signedIn}
            mayReview={mayReview}
            isAdmin={admin}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Product not available</h1>
      <p className="mt-2 text-slate-700">Error loading product details. This product may not exist.</p>
      <Link to="/products" className={buttonClasses({ className: 'mt-6' })}>
        Return to Products
      </Link>
    </div>
  );
}
