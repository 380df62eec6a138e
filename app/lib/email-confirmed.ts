export const EMAIL_CONFIRMATION_PATH = '/email-confirmation';

/**
 * Spec §2: a URL carrying emailConfirmed=true sends the visitor to /email-confirmation if not already
 * there; otherwise the parameter is removed from the address. Returns where to go, or null to stay.
 */
export function emailConfirmedRedirect(url: URL): string | null {
  if (url.searchParams.get('emailConfirmed') !== 'true') return null;
  if (url.pathname !== EMAIL_CONFIRMATION_PATH) return EMAIL_CONFIRMATION_PATH;
  const params = new URLSearchParams(url.search);
  params.delete('emailConfirmed');
  const rest = params.toString();
  return rest ? `${url.pathname}?${rest}` : url.pathname;
}
