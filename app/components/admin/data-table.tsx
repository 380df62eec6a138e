import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A column heading; a sortable one is a link to the list sorted by it (works before JavaScript). */
export type AdminColumn = string | { label: string; sortHref: string; sorted?: 'ascending' | 'descending' };

function Heading({ column }: { column: AdminColumn }) {
  if (typeof column === 'string') return <>{column}</>;
  const Icon =
    column.sorted === 'ascending' ? ArrowUp : column.sorted === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={column.sortHref}
      preventScrollReset
      className="inline-flex items-center gap-1 rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {column.label}
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      <span className="sr-only">
        {column.sorted ? `, sorted ${column.sorted}` : ''}, sort by {column.label.toLowerCase()}
      </span>
    </Link>
  );
}

/**
 * An admin list's table: scrolls sideways on a phone rather than squeezing its columns, with the
 * spec's column headings (spec §2). The wrapper is positioned so that screen-reader-only text in the
 * headings is clipped with the table instead of widening the page.
 */
export function AdminTable({
  columns,
  minWidth,
  children,
}: {
  columns: readonly AdminColumn[];
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={typeof column === 'string' ? column : column.label}
                scope="col"
                aria-sort={typeof column === 'string' ? undefined : (column.sorted ?? 'none')}
                className="px-4 py-3 font-semibold"
              >
                <Heading column={column} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
