import { clsx } from 'clsx';
import { Bell, Heart, LogOut, Package, Settings, User } from 'lucide-react';
import { Link, useLoaderData, useLocation, useNavigation } from 'react-router';
import { SignOutForm } from '~/components/layout/sign-out-form';
import { NotificationsTab } from '~/components/account/notifications-tab';
import { OrdersTab } from '~/components/account/orders-tab';
import { ProfileTab } from '~/components/account/profile-tab';
import { SettingsTab } from '~/components/account/settings-tab';
import { buttonClasses } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { changePassword, signOut } from '~/lib/auth/gateway.server';
import { redirectWithToast } from '~/lib/toast.server';
import { currentSession, refreshSessionCookie } from '~/lib/auth/session.server';
import type { ShopContext } from '~/lib/context';
import type { Services } from '#server/services';
import { withHeaders } from '~/lib/actions.server';
import { act, load } from '~/lib/route.server';
import { retryAfterOfAction } from '~/lib/errors.server';
import { AccountActionSchema, AccountPageQuerySchema, type AccountTab } from '#core/accounts/schemas';
import { countCurrentPasswordTry } from '#core/accounts/passwords';
import { deleteOwnAccount } from '#core/accounts/own-account';
import { DELETE_ACCOUNT } from '#core/accounts/own-account-rules';
import {
  endEveryOtherDevice,
  endOtherDevice,
  listSignedInDevices,
  SESSION_TEXTS,
} from '#core/accounts/sessions';
import { Unauthorized } from '#core/errors';
import { getProfile, updateProfile } from '#core/accounts/service';
import { loadRates } from '#core/delivery/management';
import { locationSuggestions } from '#core/delivery/methods';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadNotificationCount,
} from '#core/notifications/service';
import { listUserOrders, userOrderStats } from '#core/orders/service';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = () => [
  { title: 'My Account — FreshCatch' },
  { name: 'robots', content: 'noindex' },
];

/** A refused form's Retry-After (too many tries) reaches the browser. */
export const headers = retryAfterOfAction;

export const loader = load({
  auth: 'shopper-or-guest',
  query: AccountPageQuerySchema,
  run: async ({ user, query: { tab, status }, services: { db }, request, context }) => {
    if (!user) return { signedIn: false as const };
    const [profile, unread, orders, stats, notifications, rates, devices] = await Promise.all([
      getProfile(db, user.id),
      unreadNotificationCount(db, user.id),
      tab === 'orders' ? listUserOrders(db, user.id, status ?? undefined) : null,
      tab === 'orders' ? userOrderStats(db, user.id) : null,
      tab === 'notifications' ? listNotifications(db, user.id) : null,
      tab === 'profile' ? loadRates(db) : [],
      tab === 'settings' ? signedInDevices(db, request, context) : [],
    ]);
    return {
      signedIn: true as const,
      tab,
      status,
      profile,
      unread,
      orders,
      stats,
      notifications,
      devices,
      now: new Date(),
      locations: locationSuggestions(rates.map((r) => r.location)),
    };
  },
});

export const action = act({
  auth: 'shopper',
  form: AccountActionSchema,
  run: async ({ user, input, services: { db, env, checkPassword }, request, context, clientIp }) => {
    switch (input.intent) {
      case 'profile': {
        const { intent: _intent, ...profile } = input;
        await updateProfile(db, user.id, profile);
        // The name is carried in the signed session cookie: reissue it so the header shows the new one.
        await refreshSessionCookie(request, context);
        return {
          toast: { title: 'Profile updated', description: 'Your profile information has been saved.' },
        };
      }
      case 'mark-read':
        await markNotificationRead(db, user.id, input.id);
        return {};
      case 'mark-all-read':
        await markAllNotificationsRead(db, user.id);
        return {};
      case 'end-device': {
        const current = await thisSession(request, context);
        await endOtherDevice(db, current, input.sessionId);
        return { toast: { title: SESSION_TEXTS.signedOutOne } };
      }
      case 'end-other-devices': {
        const ended = await endEveryOtherDevice(db, await thisSession(request, context));
        return { toast: { title: SESSION_TEXTS.signedOutOthers(ended) } };
      }
      case 'delete-account': {
        await deleteOwnAccount(
          { db, checkPassword },
          { userId: user.id, clientAddress: clientIp },
          input.password,
        );
        // The session went with the account: the browser's cookies (and its signed cache) are cleared too.
        const { setCookies } = await signOut(request, context);
        return redirectWithToast(context, '/', { type: 'success', title: DELETE_ACCOUNT.done }, setCookies);
      }
      case 'change-password': {
        await countCurrentPasswordTry(
          db,
          { max: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: env.LOGIN_RATE_LIMIT_WINDOW_SECONDS },
          { userId: user.id, clientAddress: clientIp },
        );
        const { setCookies } = await changePassword(request, context, {
          currentPassword: input.currentPassword,
          newPassword: input.password,
        });
        // The session is renewed with the new password: keep this browser signed in.
        return withHeaders(
          { toast: { title: 'Password changed', description: 'Your other devices have been signed out.' } },
          setCookies.map((cookie): [string, string] => ['Set-Cookie', cookie]),
        );
      }
    }
  },
});

/** This person's signed-in devices, as the database has them now (core/accounts/sessions.ts). */
async function signedInDevices(db: Services['db'], request: Request, context: ShopContext) {
  const current = await currentSession(request, context);
  return current ? listSignedInDevices(db, current.userId, current.sessionId) : [];
}

/** The session this request carries, for the devices' forms: none (signed out meanwhile) is a 401. */
async function thisSession(request: Request, context: ShopContext) {
  const current = await currentSession(request, context);
  if (!current) throw new Unauthorized('Please sign in again.');
  return current;
}

function SignInRequired() {
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <User aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
      <h1 className="mt-4 text-2xl font-bold">Sign In Required</h1>
      <p className="mt-2 text-slate-700">Log in to see your profile, orders and notifications.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to={`/login?redirectTo=${back}`} className={buttonClasses()}>
          Login
        </Link>
        <Link to="/signup" className={buttonClasses({ variant: 'outline' })}>
          Sign Up
        </Link>
      </div>
    </section>
  );
}

export default function AccountRoute() {
  const loaded = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (!loaded.signedIn) return <SignInRequired />;
  const { tab, status, profile, unread, orders, stats, notifications, now, locations } = loaded;
  const switching = navigation.state === 'loading' && navigation.location.pathname === '/account';
  const links: { tab: AccountTab | null; to: string; label: string; icon: typeof User; badge?: number }[] = [
    { tab: 'profile', to: '/account?tab=profile', label: 'Profile', icon: User },
    { tab: 'orders', to: '/account?tab=orders', label: 'Orders', icon: Package },
    { tab: null, to: '/wishlist', label: 'Wishlist', icon: Heart },
    {
      tab: 'notifications',
      to: '/account?tab=notifications',
      label: 'Notifications',
      icon: Bell,
      badge: unread,
    },
    { tab: 'settings', to: '/account?tab=settings', label: 'Account Settings', icon: Settings },
  ];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold">My Account</h1>
      <p className="mt-1 text-slate-700">Hello, {profile.name}.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="Account" className="h-fit min-w-0 rounded-lg border border-slate-200 bg-white p-2">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {links.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  aria-current={link.tab === tab ? 'page' : undefined}
                  className={clsx(
                    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                    link.tab === tab ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  <link.icon aria-hidden="true" className="h-4 w-4" />
                  {link.label}
                  {link.badge ? (
                    <span
                      className="ml-auto rounded-full bg-accent-700 px-2 text-xs font-bold text-white"
                      aria-label={`${link.badge} unread`}
                    >
                      {link.badge}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
            <li>
              <SignOutForm>
                <button
                  type="submit"
                  className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                >
                  <LogOut aria-hidden="true" className="h-4 w-4" /> Logout
                </button>
              </SignOutForm>
            </li>
          </ul>
        </nav>
        <section aria-live="polite">
          {switching ? (
            <Spinner label="Loading your account information..." className="py-16" />
          ) : tab === 'orders' && orders && stats ? (
            <OrdersTab orders={orders} stats={stats} status={status} />
          ) : tab === 'notifications' && notifications ? (
            <NotificationsTab notifications={notifications} now={now} />
          ) : tab === 'settings' ? (
            <SettingsTab email={profile.email} memberSince={profile.createdAt} devices={loaded.devices} />
          ) : (
            <ProfileTab profile={profile} locations={locations} />
          )}
        </section>
      </div>
    </div>
  );
}
