import { Link } from 'react-router';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';

/**
 * What stands between the shopper and paying, said above the checkout: the profile fields still
 * missing (spec §2's banner) and products in the cart that can no longer be sold.
 */
export function CheckoutNotices({
  missing,
  cartNeedsChange,
}: {
  missing: string[];
  cartNeedsChange: boolean;
}) {
  return (
    <>
      {missing.length > 0 ? (
        <Alert tone="warning" title="Complete your profile to check out" className="mt-6">
          <p>We need these for your delivery: {missing.join(', ')}.</p>
          <Link to="/account?tab=profile" className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
            Complete Profile
          </Link>
        </Alert>
      ) : null}
      {cartNeedsChange ? (
        <Alert tone="warning" title="Your cart needs a change" className="mt-6">
          Some products are no longer available.{' '}
          <Link to="/cart" className="font-semibold underline">
            Review your cart
          </Link>
          .
        </Alert>
      ) : null}
    </>
  );
}
