import { Check, ShoppingCart } from 'lucide-react';
import { Button, type ButtonSize } from '~/components/ui/button';
import { cart, toCartProduct, useCart } from '~/lib/cart';
import { EARLY_TAP_ATTRIBUTE, earlyTapValue, markLive } from '~/lib/early-taps';
import { useHydrated } from '~/lib/use-hydrated';

interface Props {
  product: {
    id: number;
    name: string;
    priceKobo: number;
    imageUrl: string | null;
    weightGrams: number;
    inStock: boolean;
    /** The farm chosen on the product page (its batch, at its price): the line names it. */
    batchId?: number;
    farm?: string;
  };
  quantity?: number;
  /**
   * 'once' (detail and search pages): an item already in the cart cannot be added again and the
   * button reads 'Added to Cart'. 'again' (product list): it adds anyway (spec §4).
   */
  mode: 'once' | 'again';
  from?: 'detail' | 'page';
  size?: ButtonSize;
  className?: string;
}

export function AddToCartButton({ product, quantity = 1, mode, from = 'page', size, className }: Props) {
  const { has } = useCart();
  const hydrated = useHydrated();
  const inCart = hydrated && has(product.id);
  // Until it is live the head script takes this button's taps (app/lib/early-taps.ts) and the cart adds
  // them; from its commit on React takes them. Every branch is marked: they are one <button> to the DOM.
  if (!product.inStock) {
    return (
      <Button ref={markLive} disabled size={size} className={className} variant="secondary">
        Out of Stock
      </Button>
    );
  }
  if (mode === 'once' && inCart) {
    return (
      <Button ref={markLive} disabled size={size} className={className} variant="secondary">
        <Check aria-hidden="true" className="h-4 w-4" /> Added to Cart
      </Button>
    );
  }
  return (
    <Button
      size={size}
      className={className}
      ref={markLive}
      {...{
        [EARLY_TAP_ATTRIBUTE]: earlyTapValue({
          item: toCartProduct(product),
          quantity,
          once: mode === 'once',
          from,
        }),
      }}
      onClick={() => cart.add(toCartProduct(product), quantity, from)}
      // WCAG 2.5.3 Label in Name: the name begins with the words on the button, so a voice-control user
      // can say what they see; the product then tells a screen-reader user which of many it adds.
      aria-label={`Add to Cart: ${product.name}`}
      data-keep-clear={from === 'detail' ? '' : undefined}
    >
      {from === 'detail' ? <ShoppingCart aria-hidden="true" className="h-4 w-4" /> : null} Add to Cart
    </Button>
  );
}
