export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * One source of truth for admin rights: the user's role (DESIGN §1). It asks for the role itself, so a
 * user object without one (the cookie-cached session user) cannot be passed by mistake.
 */
export function isAdmin(user: { role: string | null } | null | undefined): boolean {
  return user?.role === 'admin';
}
