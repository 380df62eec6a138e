import { ArrowLeft, Clock, Fish, Truck } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { QuantityStepper } from '~/components/catalog/quantity-stepper';
import { RatingStars } from '~/components/catalog/rating-stars';
import { WishlistButton } from '~/components/catalog/wishlist-button';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';
import { cart, useCart } from '~/lib/cart';
import { useHydrated } from '~/lib/use-hydrated';
import { CATEGORY_LABELS, priceUnitLabel } from '#core/catalog/categories';
import { priceTierLabel } from '#core/catalog/price-tiers';
import type { ProductDetail } from '#core/catalog/service';
import type { BatchWords } from '#core/stock/batches';
import type { PageSources } from '#core/sellers/origins';
import { pickSource, soldFrom } from '#core/sellers/source-rules';
import { SourceChoice } from '~/components/catalog/source-choice';
import type { DeliveryPromise } from '#core/delivery/promises';
import { formatNaira, formatWeight } from '#core/money';
import { fewLeftNote, itemsAvailable, stockPerItem } from '#core/stock/rules';

export function BackButton() {
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

/** The product as the chosen source sells it: a farm's price and what it has left, or the shop's own. */
type Sold = ProductDetail & { batchId?: number; farm?: string };

function BuyBox({ product }: { product: Sold }) {
  const { has, quantityOf } = useCart();
  const hydrated = useHydrated();
  const inCart = hydrated && has(product.id);
  const [chosen, setChosen] = useState(1);
  // In the cart, the stepper shows and changes the cart's quantity (spec §4).
  const quantity = inCart ? quantityOf(product.id) : chosen;
  const setQuantity = (next: number) => (inCart ? cart.setQuantity(product.id, next) : setChosen(next));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <QuantityStepper
        value={quantity}
        onChange={setQuantity}
        disabled={!product.inStock}
        max={itemsAvailable(product) ?? undefined}
      />
      <AddToCartButton product={product} quantity={quantity} mode="once" from="detail" size="lg" />
    </div>
  );
}

/**
 * Which source the page sells from: the cart line's (once the product is in the cart), else the buyer's
 * pick on this page, else the shop's rule (the oldest first). Choosing one changes the cart line too.
 */
function useSource(product: ProductDetail, sources: PageSources | null) {
  const { items } = useCart();
  const hydrated = useHydrated();
  const line = hydrated ? items.find((i) => i.id === product.id) : undefined;
  const [picked, setPicked] = useState(() => (sources ? pickSource(sources, stockPerItem(product)) : null));
  const current = line ? (line.batchId ?? null) : picked;
  const from = soldFrom(product, sources, current);
  const sold: Sold = {
    ...product,
    priceKobo: from.priceKobo,
    priceTiers: from.priceTiers ?? [],
    stockAvailable: from.available,
    // With farms, in stock as the chosen source is; otherwise as the product is (counted or not).
    inStock: sources ? from.available >= stockPerItem(product) : product.inStock,
    ...(from.batchId === undefined ? {} : { batchId: from.batchId, farm: from.farm }),
  };
  const choose = (batchId: number | null) => {
    setPicked(batchId);
    if (line) cart.setSource(product.id, soldFrom(product, sources, batchId));
  };
  return { sold, current, choose };
}

/**
 * The product page's buying column: category and stock, name, rating, price, quantity and Add to Cart,
 * the wishlist heart, and the delivery notes (spec §2's /products/{id}).
 */
export function ProductInfo({
  product,
  batch,
  sources = null,
  promises,
  inWishlist,
}: {
  product: ProductDetail;
  /** What the owner's delivery rules promise (core/delivery/promises.ts). */
  promises: DeliveryPromise[];
  /** What the buyer gets of the shop's own, when its stock comes in dated batches. */
  batch: BatchWords | null;
  /** The farms whose harvest of it is on sale, beside the shop's own (core/sellers/sources.ts). */
  sources?: PageSources | null;
  /** Whether the signed-in shopper's wishlist holds it; undefined until known. */
  inWishlist: boolean | undefined;
}) {
  const { sold, current, choose } = useSource(product, sources);
  const fewLeft = fewLeftNote(sold);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Badge variant="secondary">{CATEGORY_LABELS[product.category]}</Badge>
        {product.inStock ? (
          <Badge variant="success">In Stock</Badge>
        ) : (
          <Badge variant="destructive">Out of Stock</Badge>
        )}
        {fewLeft ? <Badge variant="warning">{fewLeft}</Badge> : null}
      </div>
      <h1 className="text-3xl font-bold">{product.name}</h1>
      {batch && product.inStock && sources === null ? (
        <p className="flex items-center gap-2 text-sm font-medium text-brand-900">
          <Fish aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span>
            {batch.age}
            {batch.bestBefore ? ` · ${batch.bestBefore}` : ''}
          </span>
        </p>
      ) : null}
      <div className="flex items-center gap-2 text-slate-700">
        <RatingStars rating={product.averageRating} size="md" />
        <span>
          {product.averageRating.toFixed(1)} ({product.reviewCount}{' '}
          {product.reviewCount === 1 ? 'review' : 'reviews'})
        </span>
      </div>
      <p>
        <span className="text-3xl font-bold">{formatNaira(sold.priceKobo)}</span>{' '}
        <span className="text-slate-600">{priceUnitLabel(product)}</span>
        {sold.farm ? <span className="block text-sm text-slate-700">From {sold.farm}</span> : null}
      </p>
      {sources && product.stockUnit ? (
        <SourceChoice
          unit={product.stockUnit}
          ownPriceKobo={product.priceKobo}
          ownAvailable={sources.ownAvailable}
          ownAge={batch?.age ?? null}
          farms={sources.farms}
          value={current}
          onChange={choose}
          priceLabel={priceUnitLabel(product)}
        />
      ) : null}
      {sold.priceTiers.length > 0 ? (
        <div className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
          <p className="font-semibold">Quantity prices</p>
          <ul>
            {sold.priceTiers.map((tier) => (
              <li key={tier.minQuantity}>{priceTierLabel(tier)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <BuyBox product={sold} />
      <div className="flex flex-wrap gap-3">
        <WishlistButton key={product.id} product={product} inServerWishlist={inWishlist} />
        <Link to="/cart" className={buttonClasses({ variant: 'secondary' })}>
          Proceed to Checkout
        </Link>
      </div>
      {promises.length > 0 ? (
        <ul className="space-y-2 rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          {promises.map((promise) => (
            <li key={promise.text} className="flex items-center gap-2">
              {promise.kind === 'free' ? (
                <Truck aria-hidden="true" className="h-4 w-4 shrink-0" />
              ) : (
                <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
              )}{' '}
              {promise.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The Details tab: category, origin, freshness, weight, where it ships from, and the description. */
export function ProductFacts({ product }: { product: ProductDetail }) {
  return (
    <>
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
    </>
  );
}
