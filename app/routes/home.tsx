import { ClipboardList, CreditCard, Sprout, Truck } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { ProductCard } from '~/components/catalog/product-card';
import { HeroCarousel } from '~/components/home/hero-carousel';
import { buttonClasses } from '~/components/ui/button';
import { useDataSaver } from '~/lib/data-saver';
import { responsiveImage } from '~/lib/images';
import { listPopularProducts } from '#core/catalog/service';
import { loadCatalogue, loaderHeaders } from '~/lib/route.server';
import { PICTURES_FIRST } from '~/lib/held-scripts';

/** Its pictures come through a weak link before its scripts (decision 051). */
export const handle = PICTURES_FIRST;

export const headers = loaderHeaders;

/** The same page for everyone (the popular products are the shop's, not the visitor's): cached and shared. */
export const loader = loadCatalogue({
  run: async ({ services: { db } }) => ({ popular: await listPopularProducts(db, 4) }),
});

const categoryTiles = [
  { id: 1, label: 'Fresh Fish', image: '/images/products/fresh-croaker-800.webp' },
  { id: 2, label: 'Shellfish', image: '/images/products/live-crabs-800.webp' },
  { id: 3, label: 'Smoked Fish', image: '/images/products/smoked-catfish-800.webp' },
  { id: 4, label: 'Dried Fish', image: '/images/products/stockfish-head-800.webp' },
];

const steps = [
  {
    icon: ClipboardList,
    title: 'Choose your catch',
    text: 'Browse fresh, smoked and dried fish, shellfish and farm supplies, priced by weight.',
  },
  {
    icon: CreditCard,
    title: 'Pay securely',
    text: 'Pay in naira by card, bank transfer or USSD. Your order is confirmed once payment is verified.',
  },
  {
    icon: Truck,
    title: 'We deliver fresh',
    text: 'Packed on ice and delivered from Port Harcourt: same day in the city, 2–3 days to Lagos and Abuja.',
  },
];

const testimonials = [
  {
    quote: 'The catfish arrived alive before 11am. My family now orders every Saturday.',
    name: 'Chidinma O.',
    place: 'Port Harcourt',
  },
  {
    quote: 'Their floating feed and the aerator saved my second pond. Good advice on the phone too.',
    name: 'Ngozi E.',
    place: 'Woji, Port Harcourt',
  },
  {
    quote: 'Stockfish and crayfish of real quality, delivered to Lekki without stress.',
    name: 'Tunde A.',
    place: 'Lagos',
  },
];

export default function HomeRoute() {
  const { popular } = useLoaderData<typeof loader>();
  const dataSaver = useDataSaver();
  return (
    <>
      <HeroCarousel />

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Shop by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {categoryTiles.map((tile) => (
            <li key={tile.id}>
              <Link
                to={`/products?category=${tile.id}`}
                className="group block overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              >
                <img
                  alt=""
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
                  {...responsiveImage(tile.image, '(min-width: 768px) 25vw, 50vw', dataSaver)}
                />
                <span className="block p-3 text-center font-semibold text-slate-900">{tile.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="farm-heading" className="bg-emerald-50">
        <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-12 sm:px-6 md:grid-cols-2">
          <div className="space-y-3">
            <h2 id="farm-heading" className="flex items-center gap-2 text-2xl font-bold text-emerald-900">
              <Sprout aria-hidden="true" className="h-7 w-7" /> For the Farm
            </h2>
            <p className="text-slate-800">
              Start or grow your fish farm with quality floating feeds, pond liners, aerators, nets and water
              test kits — the same supplies our partner farms in Rivers State use every day.
            </p>
            <Link to="/farm-supplies" className={buttonClasses()}>
              Shop farm supplies
            </Link>
          </div>
          <img
            alt=""
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="mx-auto w-full max-w-md rounded-2xl shadow"
            {...responsiveImage(
              '/images/products/paddlewheel-aerator-800.webp',
              '(min-width: 768px) 40vw, 90vw',
              dataSaver,
            )}
          />
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="how-heading" className="text-2xl font-bold">
          How it Works
        </h2>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
              <step.icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
              <h3 className="mt-3 font-semibold">
                {i + 1}. {step.title}
              </h3>
              <p className="mt-1 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="popular-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="popular-heading" className="text-2xl font-bold">
            Popular Items
          </h2>
          <Link to="/products" className="font-semibold text-brand-700 hover:underline">
            View all products
          </Link>
        </div>
        {popular.length === 0 ? (
          <p className="mt-6 text-slate-700">No products available at the moment. Check back soon!</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {popular.map((product) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="testimonials-heading" className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 id="testimonials-heading" className="text-2xl font-bold">
            What our customers say
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.name}>
                <figure className="h-full rounded-lg bg-white p-6 shadow-sm">
                  <blockquote className="text-slate-800">“{t.quote}”</blockquote>
                  <figcaption className="mt-3 text-sm font-semibold text-slate-900">
                    {t.name} <span className="font-normal text-slate-600">— {t.place}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
