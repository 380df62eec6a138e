import { Forbidden } from './errors';

export const ROLES = ['user', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** How a role reads on the users screen. */
export const ROLE_LABELS: Record<Role, string> = { user: 'User', staff: 'Staff', admin: 'Admin' };

/** Who may pass the admin area's door: the shop's owners (`admin`) and the staff who pack and dispatch. */
export type AdminRole = Extract<Role, 'admin' | 'staff'>;

/**
 * What kind of visitor a page is rendered for: all a shared catalogue page may know of them (the
 * header's links differ), never who they are (docs/decisions/021).
 */
export type ViewerKind = 'guest' | 'shopper' | 'admin';

/**
 * One source of truth for admin rights: the user's role (DESIGN §1). It asks for the role itself, so a
 * user object without one (the cookie-cached session user) cannot be passed by mistake.
 */
export function isAdmin(user: { role: string | null } | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Whether the admin area's door lets this user in at all: an owner, or staff (STAFF_SCREENS says where). */
export function entersAdminArea(user: { role: string | null } | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'staff';
}

declare const ADMIN_ACTOR: unique symbol;

/**
 * An administrator acting in this request, as the database has them now (STYLE §11). Only
 * `adminActor` makes one, from a user whose role it has just checked; every admin-only function in
 * core/ takes it as an argument, so an admin action that forgot its check does not compile, and the
 * actor's id is at hand for the audit trail.
 */
export interface AdminActor {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  /** An owner may do everything; staff only what STAFF_SCREENS allows (the door checks it). */
  readonly role: AdminRole;
  readonly [ADMIN_ACTOR]: true;
}

/** The admin actor for a user checked in the database (owner or staff), or null for anyone else. */
export function adminActor(
  user: { id: string; name: string; email: string; role: string | null } | null | undefined,
): AdminActor | null {
  if (!user || !entersAdminArea(user)) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role as AdminRole } as AdminActor;
}

/** The order statuses staff may set: on to delivered, never cancelled (a cancellation may owe a refund). */
export const STAFF_ORDER_STATUSES: readonly string[] = ['processing', 'shipped', 'delivered'];

interface FormFields {
  get(name: string): unknown;
}

/**
 * What staff may use of the admin area (issue 52 §3), the one list of it: the orders (their status, on
 * to delivered), the dispatch sheet, stock receiving and adjusting, and the hub's receiving of sellers'
 * offers. A screen not listed here is the owners' alone — refunds, payouts, users and roles, discount
 * codes, delivery rates and slots, settings, sellers, products, the dashboard's books and claims, the
 * activity log — so a new admin screen is closed to staff until it is added here. `posts` says which of
 * a listed screen's forms staff may send.
 */
const STAFF_SCREENS: readonly { path: RegExp; posts: (form: FormFields) => boolean }[] = [
  {
    path: /^\/admin\/orders$/,
    posts: (form) =>
      form.get('intent') === 'status' && STAFF_ORDER_STATUSES.includes(String(form.get('status'))),
  },
  { path: /^\/admin\/dispatch$/, posts: () => false },
  { path: /^\/admin\/stock$/, posts: () => false },
  {
    path: /^\/admin\/stock\/[^/]+$/,
    posts: (form) => ['receive', 'adjust'].includes(String(form.get('intent'))),
  },
  { path: /^\/admin\/offers$/, posts: (form) => form.get('intent') === 'receive' },
];

/** Where staff land in the admin area (the dashboard is the owners'). */
export const STAFF_HOME = '/admin/orders';

/** Whether staff may open the admin screen at `path` (its menu shows only these). */
export function staffMayOpen(path: string): boolean {
  return STAFF_SCREENS.some((screen) => screen.path.test(path));
}

/** Whether staff may send this form to the admin screen at `path`. */
export function staffMayPost(path: string, form: FormFields): boolean {
  return STAFF_SCREENS.some((screen) => screen.path.test(path) && screen.posts(form));
}

/** What staff are told of an owner's screen or form (issue 52 §3). */
export const STAFF_REFUSED = {
  title: 'For the owners',
  message:
    "This is for the shop's owners. Staff use the orders, the dispatch sheet, stock and the hub's receiving.",
};

/** Whether this admin is one of the shop's owners (staff are not). */
export function isOwner(admin: AdminActor): boolean {
  return admin.role === 'admin';
}

/**
 * An owner's own work (a refund, a payout, a role, a deletion) refuses staff in core too: the admin
 * door refuses them first, this holds if a route ever forgets.
 */
export function assertOwner(admin: AdminActor): void {
  if (!isOwner(admin)) throw new Forbidden(STAFF_REFUSED.message, STAFF_REFUSED.title);
}

/**
 * The shop itself at start-up, making the operator's account (ADMIN_EMAIL, or the first start's
 * generated one) an administrator: the one change to an account no administrator makes, recorded
 * in the activity log under this name.
 */
export const SHOP_START_UP: AdminActor = {
  id: 'shop-start-up',
  name: 'Shop start-up',
  email: 'ADMIN_EMAIL',
  role: 'admin',
} as AdminActor;
