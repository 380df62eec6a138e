import { listProductIdsForSitemap } from '#core/catalog/service';
import { listRecipes } from '#core/recipes/service';
import { load } from '~/lib/route.server';

const STATIC_PATHS = [
  '/',
  '/products',
  '/recipes',
  '/search',
  '/specials',
  '/categories/fresh',
  '/farm-supplies',
  '/bulk',
  '/contact',
  '/faq',
  '/terms',
  '/privacy',
];

export const loader = load({
  auth: 'public',
  run: async ({ services: { db, env } }) => {
    const [products, recipes] = await Promise.all([listProductIdsForSitemap(db), listRecipes(db)]);
    const url = (path: string, lastmod?: Date) =>
      `<url><loc>${env.PUBLIC_URL}${path}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...STATIC_PATHS.map((p) => url(p)),
      ...products.map((p) => url(`/products/${p.id}`, p.updatedAt)),
      ...recipes.map((r) => url(`/recipes/${r.id}`)),
      '</urlset>',
    ].join('\n');
    return new Response(body, {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    });
  },
});
