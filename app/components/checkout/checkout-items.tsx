import { ProductImage } from '~/components/catalog/product-image';
import { lineUnitPriceKobo, type CartItem } from '#core/cart/rules';
import { formatNaira, formatWeight } from '#core/money';

/** Spec §2's order-item summary at checkout: each item with its quantity and weights, then the total weight. */
export function CheckoutItems({ items, totalWeightGrams }: { items: CartItem[]; totalWeightGrams: number }) {
  return (
    <section aria-labelledby="items-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="items-heading" className="text-lg font-semibold">
        Your items
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-3">
            <ProductImage
              url={item.image}
              alt=""
              sizes="64px"
              width={64}
              height={48}
              className="h-12 w-16 rounded object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.name}</p>
              {item.farm ? <p className="text-sm text-slate-600">From {item.farm}</p> : null}
              <p className="text-sm text-slate-600">
                {item.quantity} × {formatWeight(item.weightGrams)} ={' '}
                {formatWeight(item.weightGrams * item.quantity)}
              </p>
            </div>
            <p className="font-semibold">{formatNaira(lineUnitPriceKobo(item) * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-right text-sm text-slate-700">Total weight: {formatWeight(totalWeightGrams)}</p>
    </section>
  );
}
