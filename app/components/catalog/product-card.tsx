import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { formatNaira } from '#core/money';
import { CATEGORY_LABELS, priceUnitLabel } from '#core/catalog/categories';
import type { ProductSummary } from '#core/catalog/service';
import { ProductImage } from './product-image';
import { RatingStars } from './rating-stars';

export function ProductCard({
  product,
  eager = false,
  first = false,
  action,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
}: {
  product: ProductSummary;
  eager?: boolean;
  /** The list's first card: its picture paints from a copy in a first visit's page (decision 054). */
  first?: boolean;
  action?: React.ReactNode;
  /** How wide its picture is drawn, by screen (the product list is two columns on a phone). */
  sizes?: string;
}) {
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <Link to={`/products/${product.id}`} className="group flex flex-1 flex-col">
        <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
          <ProductImage
            url={product.imageUrl}
            alt={product.name}
            sizes={sizes}
            eager={eager}
            inline={first}
            className="h-full w-full object-cover transition-transform group-hover:scale-105"
          />
          {!product.inStock ? (
            <Badge variant="destructive" className="absolute top-2 left-2">
              Out of Stock
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 sm:p-4">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
            {CATEGORY_LABELS[product.category]}
          </p>
          <h3 className="text-sm font-semibold text-slate-900 group-hover:text-brand-800 sm:text-base">
            {product.name}
          </h3>
          <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
            <RatingStars rating={product.averageRating} />
            <span>({product.reviewCount})</span>
          </div>
          <p className="mt-auto pt-2">
            <span className="text-base font-bold text-slate-900 sm:text-lg">
              {formatNaira(product.priceKobo)}
            </span>{' '}
            <span className="text-sm whitespace-nowrap text-slate-600">{priceUnitLabel(product)}</span>
          </p>
        </div>
      </Link>
      {action ? <div className="px-3 pb-3 sm:px-4 sm:pb-4">{action}</div> : null}
    </article>
  );
}
