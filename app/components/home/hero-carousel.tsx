import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useDataSaver } from '~/lib/data-saver';
import { responsiveImage } from '~/lib/images';

/** Spec §9: the carousel advances every 5000 ms and wraps. */
export const CAROUSEL_INTERVAL_MS = 5000;

const slides = [
  {
    title: 'Fresh from the creeks of Rivers State',
    text: 'Live catfish, croaker and tilapia harvested the morning we deliver.',
    image: '/images/products/live-catfish-800.webp',
    tone: 'from-brand-900 via-brand-800 to-brand-700',
  },
  {
    title: 'Prawns, crabs and periwinkle for your pot',
    text: 'Shellfish from Bonny, Okrika and Buguma, packed on ice.',
    image: '/images/products/tiger-prawns-800.webp',
    tone: 'from-accent-700 via-accent-600 to-amber-500',
  },
  {
    title: 'Everything for your fish farm',
    text: 'Floating feeds, pond liners, aerators and nets, delivered across Nigeria.',
    image: '/images/products/floating-feed-4mm-800.webp',
    tone: 'from-emerald-900 via-emerald-800 to-emerald-700',
  },
];

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  // Data saver: no slide changes by itself (each would draw another picture); the arrows still work.
  const dataSaver = useDataSaver();
  const go = (next: number) => setIndex((next + slides.length) % slides.length);

  useEffect(() => {
    if (paused || reducedMotion || dataSaver) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, reducedMotion, dataSaver]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => {
        const image = responsiveImage(slide.image, '(min-width: 768px) 40vw, 90vw', dataSaver);
        return (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            hidden={i !== index}
            className={clsx('bg-gradient-to-r text-white', slide.tone)}
          >
            <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 pt-10 pb-16 sm:px-6 md:grid-cols-2 md:py-16">
              <div className="space-y-4">
                {i === 0 ? (
                  <h1 className="text-3xl font-extrabold sm:text-4xl lg:text-5xl">{slide.title}</h1>
                ) : (
                  <h2 className="text-3xl font-extrabold sm:text-4xl lg:text-5xl">{slide.title}</h2>
                )}
                <p className="text-lg text-white/90">{slide.text}</p>
                <Link to="/products" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
                  Shop Now
                </Link>
              </div>
              <img
                alt=""
                width={800}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                className="mx-auto hidden w-full max-w-md rounded-2xl shadow-2xl sm:block"
                {...image}
              />
            </div>
          </div>
        );
      })}
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => go(index - 1)}
          aria-label="Previous slide"
          className="rounded-full bg-black/30 p-1.5 text-white hover:bg-black/50"
        >
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.title}
            type="button"
            onClick={() => go(i)}
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            className="flex h-6 w-6 items-center justify-center"
          >
            <span className={clsx('h-2.5 w-2.5 rounded-full', i === index ? 'bg-white' : 'bg-white/50')} />
          </button>
        ))}
        <button
          type="button"
          onClick={() => go(index + 1)}
          aria-label="Next slide"
          className="rounded-full bg-black/30 p-1.5 text-white hover:bg-black/50"
        >
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
    </section>
  );
}
