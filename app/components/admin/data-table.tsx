import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { clsx } from 'clsx';
import type { CSSProperties, ReactNode } from 'react';
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
 * An admin list's table, with the spec's column headings (spec §2). From 640 px it is a table (at least
 * `minWidth` wide, scrolling sideways inside its box on a narrower screen); below, each row is a card
 * whose cells show their column's name beside their value (app.css, `.admin-table`), so a phone reaches
 * every column and action without scrolling sideways. The wrapper is positioned so that
 * screen-reader-only text in the headings is clipped with the table instead of widening the page.
 *
 * The roles are written out because a browser may drop a table's semantics once CSS changes how its
 * rows and cells are displayed (Safari has): with them, a screen reader on a phone still hears each
 * value's column heading.
 */
/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   the roles are the elements' own, written out on purpose (above); the plugin counts a td as a grid cell */
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
    <div className="admin-table relative sm:overflow-x-auto sm:rounded-lg sm:border sm:border-slate-200 sm:bg-white">
      <table
        role="table"
        className="w-full text-left text-sm sm:min-w-(--admin-table-min-width)"
        style={{ '--admin-table-min-width': `${minWidth}px` } as CSSProperties}
      >
        <thead role="rowgroup" className="bg-slate-50 text-slate-700">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={typeof column === 'string' ? column : column.label}
                role="columnheader"
                scope="col"
                aria-sort={typeof column === 'string' ? undefined : (column.sorted ?? 'none')}
                className="px-2 py-2 font-semibold sm:px-4 sm:py-3"
              >
                <Heading column={column} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="sm:divide-y sm:divide-slate-200">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/** A row of an AdminTable. */
export function AdminRow({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <tr role="row" className={className}>
      {children}
    </tr>
  );
}

/**
 * A cell of an AdminTable. `label` is its column's heading, shown beside the value where the row is a
 * card (below 640 px, where the cells sit closer together).
 */
export function AdminCell({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <td role="cell" data-label={label} className={clsx('px-4 py-1.5 sm:py-3', className)}>
      {/* One box for the value, however many parts it has, to sit beside the name on a phone. */}
      <div className="min-w-0">{children}</div>
    </td>
  );
}
/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */
