/**
 * Remembers a choice of this browser's for a year, for the whole shop, in a cookie the server reads to
 * draw its pages (the stylesheet the service worker holds, the data saver switch). Nothing personal goes
 * in one. Secure over HTTPS.
 */
export function rememberInCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
