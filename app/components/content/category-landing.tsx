import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AddToCartButton } from '~/components/catalog/add-to-cart-button';
import { ProductCard } from '~/components/catalog/product-card';
import { buttonClasses } from '~/components/ui/button';
import type { ProductSummary } from '#core/catalog/service';

/** A landing page section: a heading, a few products, and a link to all of them. */
export function ProductShelf({
  title,
  products,
  moreHref,
  moreLabel,
  children,
}: {
  title: string;
  products: ProductSummary[];
  moreHref: string;
  moreLabel: string;
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="text-2xl font-bold">{title}</h2>
        <Link to={moreHref} className="font-semibold text-brand-700 hover:underline">
          {moreLabel}
        </Link>
      </div>
      {children}
      <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              action={<AddToCartButton product={product} mode="again" className="w-full" />}
            />
          </li>
        ))}
      </ul>
      <Link to={moreHref} className={buttonClasses({ variant: 'outline', className: 'mt-6' })}>
        {moreLabel}
      </Link>
    </section>
  );
}
