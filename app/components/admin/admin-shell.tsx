import { clsx } from 'clsx';
import {
  Boxes,
  CalendarClock,
  ExternalLink,
  LayoutDashboard,
  ListOrdered,
  LogOut,
  Menu,
  Package,
  PanelLeftClose,
  PanelLeftOpen,
  Settings,
  ShieldCheck,
  Tag,
  Languages,
  Truck,
  UserRound,
  Users,
  Banknote,
  Fish,
  Store,
  X,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Form, Link, NavLink, useLocation } from 'react-router';
import { RowIconSymbols } from './row-icon';
import { PasswordAgainPrompt } from '~/components/layout/password-again-prompt';
import { Badge } from '~/components/ui/badge';
import { buttonClasses } from '~/components/ui/button';

export const ADMIN_NAV = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/orders', label: 'Orders', icon: ListOrdered },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/stock', label: 'Stock', icon: Boxes },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/delivery-rates', label: 'Delivery Rates', icon: Truck },
  { to: '/admin/delivery-slots', label: 'Delivery Slots', icon: CalendarClock },
  { to: '/admin/discount-codes', label: 'Discount Codes', icon: Tag },
  { to: '/admin/search-names', label: 'Search Names', icon: Languages },
  { to: '/admin/sellers', label: 'Sellers', icon: Store },
  { to: '/admin/offers', label: 'Harvest Offers', icon: Fish },
  { to: '/admin/payouts', label: 'Payouts', icon: Banknote },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

function SidebarLinks({ collapsed = false, menu }: { collapsed?: boolean; menu?: readonly string[] }) {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.filter((item) => !menu || menu.includes(item.to)).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            title={collapsed ? item.label : undefined}
            className={({ isActive }) =>
              clsx(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                isActive ? 'bg-brand-700 text-white' : 'text-slate-200 hover:bg-white/10',
              )
            }
          >
            <item.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className={collapsed ? 'sr-only' : undefined}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The admin area's frame (spec §2): sidebar, drawer below 1024 px, Admin Mode, the user's menu. */
/**
 * The admin area's frame. `menu`: the screens this admin may open (the layout's loader asks
 * core/roles.ts, so staff see only theirs); every screen when not given.
 */
export function AdminShell({
  email,
  menu,
  children,
}: {
  email: string | null;
  menu?: readonly string[];
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const sidebarId = useId();
  const userMenu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    setDrawerOpen(false);
    if (userMenu.current) userMenu.current.open = false;
  }, [location.pathname]);
  return (
    <div className="min-h-screen bg-slate-100 lg:flex print:block print:bg-white">
      <RowIconSymbols />
      <PasswordAgainPrompt />
      <nav
        id={sidebarId}
        aria-label="Admin"
        className={clsx(
          'hidden shrink-0 bg-slate-900 p-4 lg:block print:hidden',
          collapsed ? 'w-20' : 'w-64',
        )}
      >
        <div className="mb-6 flex items-center justify-between gap-2">
          <p className="flex items-center gap-2 px-3 text-lg font-bold text-white">
            <ShieldCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-accent-500" />
            <span className={collapsed ? 'sr-only' : undefined}>FreshCatch</span>
          </p>
        </div>
        <SidebarLinks collapsed={collapsed} menu={menu} />
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-controls={sidebarId}
          aria-expanded={!collapsed}
          className="mt-6 flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-300 hover:bg-white/10"
        >
          {collapsed ? (
            <PanelLeftOpen aria-hidden="true" className="h-4 w-4 shrink-0" />
          ) : (
            <PanelLeftClose aria-hidden="true" className="h-4 w-4 shrink-0" />
          )}
          <span className={collapsed ? 'sr-only' : undefined}>
            {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          </span>
        </button>
      </nav>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 print:hidden">
          {/* Below 1024 px the sidebar is a drawer: a modal dialog (focus inside, Escape closes it). */}
          <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <DialogPrimitive.Trigger
              className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
              aria-label="Open menu"
            >
              <Menu aria-hidden="true" className="h-5 w-5" />
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 lg:hidden" />
              <DialogPrimitive.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 w-64 overflow-y-auto bg-slate-900 p-4 focus:outline-none lg:hidden"
              >
                <DialogPrimitive.Title className="sr-only">Admin menu</DialogPrimitive.Title>
                <DialogPrimitive.Close
                  aria-label="Close menu"
                  className="mb-4 rounded p-2 text-white hover:bg-white/10"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </DialogPrimitive.Close>
                <nav aria-label="Admin">
                  <SidebarLinks menu={menu} />
                </nav>
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
          <Badge variant="warning">Admin Mode</Badge>
          <Link
            to="/"
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            Visit Marketplace <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </Link>
          <details ref={userMenu} className="relative ml-auto text-sm">
            <summary
              className={buttonClasses({
                variant: 'ghost',
                size: 'sm',
                className: 'cursor-pointer list-none',
              })}
              aria-label={`Account menu: ${email || 'Admin'}`}
            >
              <UserRound aria-hidden="true" className="h-4 w-4" />
              <span className="max-w-40 truncate sm:max-w-60">{email || 'Admin'}</span>
            </summary>
            <div className="absolute right-0 z-40 mt-2 w-56 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
              <p className="truncate px-2 py-1 text-xs text-slate-600">{email || 'Admin'}</p>
              <Link
                to="/admin/settings"
                className="flex items-center gap-2 rounded px-2 py-2 hover:bg-slate-100"
              >
                <Settings aria-hidden="true" className="h-4 w-4" /> Settings
              </Link>
              <Form method="post" action="/logout?from=admin">
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 rounded px-2 py-2 text-left hover:bg-slate-100"
                >
                  <LogOut aria-hidden="true" className="h-4 w-4" /> Sign out
                </button>
              </Form>
            </div>
          </details>
        </header>
        <main className="flex-1 p-4 sm:p-6 print:p-0">{children}</main>
      </div>
    </div>
  );
}
