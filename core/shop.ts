/** Facts about the shop shown across the site (footer, contact page, e-mails). */
export const SHOP = {
  name: 'FreshCatch',
  adminPortalName: 'FreshCatch Admin Portal',
  tagline: 'Quality and freshness in every delivery',
  phone: '+234 803 555 0142',
  phoneHref: 'tel:+2348035550142',
  email: 'hello@freshcatch.ng',
  whatsappHref: 'https://wa.me/2348035550142',
  address: '14 Trans-Amadi Road, Port Harcourt, Rivers State, Nigeria',
  city: 'Port Harcourt',
  copyrightYear: 2025,
} as const;
