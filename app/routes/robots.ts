import { load } from '~/lib/route.server';

export const loader = load({
  auth: 'public',
  run: ({ services: { env } }) => {
    const body = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /account',
      'Disallow: /checkout',
      'Disallow: /cart',
      'Disallow: /api/',
      `Sitemap: ${env.PUBLIC_URL}/sitemap.xml`,
      '',
    ].join('\n');
    return new Response(body, {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
    });
  },
});
