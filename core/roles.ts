export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

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
  readonly [ADMIN_ACTOR]: true;
}

/** The admin actor for a user checked in the database, or null when the user is not an admin. */
export function adminActor(
  user: { id: string; name: string; email: string; role: string | null } | null | undefined,
): AdminActor | null {
  if (!user || !isAdmin(user)) return null;
  return { id: user.id, name: user.name, email: user.email } as AdminActor;
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
} as AdminActor;
