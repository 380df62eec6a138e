import { Link, useLoaderData, useRouteError } from 'react-router';
import { ProductImage } from '~/components/catalog/product-image';
import { BackButton, ProductFacts, ProductInfo } from '~/components/catalog/product-info';
import { ReviewsPanel } from '~/components/catalog/reviews';
import { useForShopper } from '~/components/catalog/use-for-shopper';
import { buttonClasses } from '~/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { requireAdmin, requireUser } from '~/lib/auth/guards.server';
import { getViewerKind } from '~/lib/auth/session.server';
import { formAction } from '~/lib/actions.server';
import { parseRowIdParam } from '~/lib/errors.server';
import { previewImage } from '~/lib/images';
import { formatNaira, gramsToKg, koboToNaira, nairaFigure } from '#core/money';
import { CATEGORY_LABELS, priceUnitLabel } from '#core/catalog/categories';
import { getProduct } from '#core/catalog/service';
import { nextBatchWords } from '#core/stock/batches';
import { pageSources } from '#core/sellers/origins';
import { loadDeliveryPromises } from '#core/delivery/promises';
import { ReviewActionSchema } from '#core/reviews/schemas';
import { deleteReview, listReviews, submitReview } from '#core/reviews/service';
import type { Route } from './+types/product';
import { shop } from '~/lib/context';
import { isOfflineError } from '~/lib/offline';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import type { HeldScriptsHandle } from '~/lib/held-scripts';
import type { ChatHandle } from '~/components/layout/whatsapp-button';

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

/**
 * Its pictures come through a weak link before its scripts (decision 051); the WhatsApp chat opens
 * naming the product and its link.
 */
export const handle: HeldScriptsHandle & ChatHandle = {
  picturesBeforeScripts: true,
  chat: (data) => {
    const product = (data as { product?: { id: number; name: string } } | undefined)?.product;
    return product ? { kind: 'product', name: product.name, path: `/products/${product.id}` } : null;
  },
};

export const headers = loaderHeaders;

export const loader = loadCatalogue({
  run: async ({ request, params, context, services: { db, env, logger } }) => {
    const id = parseProductId(params.id);
    const [product, batch, viewer, promises] = await Promise.all([
      getProduct(db, id),
      nextBatchWords(db, id),
      getViewerKind(request, context),
      loadDeliveryPromises(db).catch((error: unknown) => {
        logger.error({ err: error }, 'could not load the delivery promises');
        return [];
      }),
    ]);
    // The farms whose harvest of it is on sale, each with where it comes from (issue 51 §3).
    const sources = product.stockUnit === null ? null : await pageSources(db, product);
    // The same page for every shopper (of one kind): what is their own — the wishlist heart, the right
    // to review — the page asks for once it is live (api/product-for-shopper.ts).
    return {
      product,
      /** What the next buyer gets: "Caught today", "Best before 8 Dec" (counted stock with batches). */
      batch,
      sources,
      /** "Free delivery within Port Harcourt for orders above ₦50,000": from the owner's rules. */
      promises,
      // Reviews sit below the fold: they stream in after the page (STYLE §7).
      reviews: listReviews(db, id),
      signedIn: viewer !== 'guest',
      isAdmin: viewer === 'admin',
      origin: env.PUBLIC_URL,
    };
  },
});

/**
 * A review, or an admin's deletion of one: the page is public, so this action asks for the shopper
 * (and, to delete, the admin) itself — the one action outside an area's door.
 */
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

export default function ProductRoute() {
  const page = useLoaderData<typeof loader>();
  const { product, batch, sources, promises, reviews, signedIn, isAdmin: admin } = page;
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
            inline
            className="aspect-[4/3] w-full object-cover"
          />
        </div>
        <ProductInfo
          product={product}
          batch={batch}
          sources={sources}
          promises={promises}
          inWishlist={inWishlist}
        />
      </div>

      <Tabs defaultValue="details" className="mt-10">
        <TabsList aria-label="Product information">
          <TabsTrigger value="details">Details</TabsTrigger>
          <TabsTrigger value="reviews">Reviews ({product.reviewCount})</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <ProductFacts product={product} />
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
  const error = useRouteError();
  // Offline is said by the shop's layout.
  if (isOfflineError(error)) throw error;
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
