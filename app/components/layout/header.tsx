import { clsx } from 'clsx';
import { Fish, Heart, LogOut, Menu, Search, ShieldCheck, ShoppingCart, Sprout, User, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useCart } from '~/lib/cart';
import { ToastRoom } from '~/lib/toasts';
import { SignOutForm } from './sign-out-form';

/** What the header needs of a signed-in visitor: what kind they are, never who. */
export interface HeaderUser {
  isAdmin: boolean;
}

const mainLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/products', label: 'Products' },
  { to: '/recipes', label: 'Recipes' },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
  );

function CartLink({ className }: { className?: string }) {
  const { count } = useCart();
  return (
    <Link
      to="/cart"
      className={clsx(buttonClasses({ variant: 'ghost', size: 'icon' }), 'relative', className)}
      aria-label={count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
    >
      <ShoppingCart aria-hidden="true" className="h-5 w-5" />
      {count > 0 ? (
        <span
          data-testid="cart-badge"
          className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

function LogoutButton({ className }: { className?: string }) {
  return (
    <SignOutForm className={className}>
      <button
        type="submit"
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'w-full justify-start' })}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Logout
      </button>
    </SignOutForm>
  );
}

export function Header({ user }: { user: HeaderUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="mr-2 flex items-center gap-2 text-lg font-bold text-brand-800">
          <Fish aria-hidden="true" className="h-7 w-7 text-accent-600" />
          FreshCatch
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {mainLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <span
            className="cursor-default px-3 py-2 text-sm font-medium text-slate-500"
            title="The community forum opens later"
          >
            Community
          </span>
        </nav>

        <div className="ml-auto flex items-center gap-1">
          <Link
            to="/search"
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
            aria-label="Search"
          >
            <Search aria-hidden="true" className="h-5 w-5" />
          </Link>
          <Link
            to="/wishlist"
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'hidden sm:inline-flex' })}
            aria-label="Wishlist"
          >
            <Heart aria-hidden="true" className="h-5 w-5" />
          </Link>
          <CartLink />
          <div className="hidden items-center gap-1 lg:flex">
            {user ? (
              <>
                <NavLink to="/farm" className={navLinkClass}>
                  <span className="flex items-center gap-1">
                    <Sprout aria-hidden="true" className="h-4 w-4" />
                    My farm
                  </span>
                </NavLink>
                <NavLink to="/account" className={navLinkClass}>
                  <span className="flex items-center gap-1">
                    <User aria-hidden="true" className="h-4 w-4" />
                    Account
                  </span>
                </NavLink>
                {user.isAdmin ? (
                  <NavLink to="/admin" className={navLinkClass}>
                    <span className="flex items-center gap-1">
                      <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                      Admin
                    </span>
                  </NavLink>
                ) : null}
                <LogoutButton />
              </>
            ) : (
              <>
                <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
                  Login
                </Link>
                <Link to="/signup" className={buttonClasses({ size: 'sm' })}>
                  Sign Up
                </Link>
              </>
            )}
          </div>
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
          </button>
        </div>
      </div>

      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pb-4 lg:hidden"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.end} className={(s) => clsx(navLinkClass(s), 'block')}>
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <span className="block px-3 py-2 text-sm font-medium text-slate-500">Community</span>
          </li>
          <li>
            <NavLink to="/wishlist" className={(s) => clsx(navLinkClass(s), 'block')}>
              Wishlist
            </NavLink>
          </li>
          <li>
            <NavLink to="/search" className={(s) => clsx(navLinkClass(s), 'block')}>
              Search
            </NavLink>
          </li>
          <li>
            <NavLink to="/cart" className={(s) => clsx(navLinkClass(s), 'block')}>
              Cart
            </NavLink>
          </li>
          {user ? (
            <>
              <li>
                <NavLink to="/farm" className={(s) => clsx(navLinkClass(s), 'block')}>
                  My farm
                </NavLink>
              </li>
              <li>
                <NavLink to="/account" className={(s) => clsx(navLinkClass(s), 'block')}>
                  Account
                </NavLink>
              </li>
              {user.isAdmin ? (
                <li>
                  <NavLink to="/admin" className={(s) => clsx(navLinkClass(s), 'block')}>
                    Admin
                  </NavLink>
                </li>
              ) : null}
              <li>
                <LogoutButton />
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/login" className={(s) => clsx(navLinkClass(s), 'block')}>
                  Login
                </NavLink>
              </li>
              <li>
                <NavLink to="/signup" className={(s) => clsx(navLinkClass(s), 'block')}>
                  Sign Up
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
      <ToastRoom />
    </header>
  );
}
