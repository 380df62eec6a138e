import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

/** Previous / page numbers / Next, as links that keep the rest of the query. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  const item = 'flex h-10 min-w-10 items-center justify-center rounded-md border px-3 text-sm font-medium';
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link
          to={hrefFor(page - 1)}
          className={clsx(item, 'border-slate-300 bg-white hover:bg-slate-100')}
          rel="prev"
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Previous
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={hrefFor(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={clsx(
              item,
              p === page
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white hover:bg-slate-100',
            )}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link
          to={hrefFor(page + 1)}
          className={clsx(item, 'border-slate-300 bg-white hover:bg-slate-100')}
          rel="next"
        >
          Next <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Link>
      ) : null}
    </nav>
  );
}
