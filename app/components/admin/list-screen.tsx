import { Plus } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { type AdminColumn, AdminCell, AdminRow, AdminTable } from '~/components/admin/data-table';
import { type AdminSearch, AdminSearchBox } from '~/components/admin/search-box';
import { Pagination } from '~/components/catalog/pagination';
import { buttonClasses } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useListHref } from '~/lib/use-list-href';

/** A column of an admin list: its heading (a sort link where the list sorts by it) and its cell. */
export interface AdminListColumn<Row> {
  heading: AdminColumn;
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** The dialog a list has open over it (details, add, edit), named in its address by `dialogParam`. */
export interface AdminListDialog {
  title: string;
  description?: string;
  wide?: boolean;
  content: ReactNode;
}

const headingLabel = (heading: AdminColumn) => (typeof heading === 'string' ? heading : heading.label);

/**
 * An admin list screen (spec §2): the title and its buttons, the search and filters (a GET form, so the
 * address holds them), the rows in an AdminTable (each column's heading and cell declared once, the row's
 * actions last), the pages, and the dialog the address has open. The list's address is kept whatever
 * happens: a page link or a closed dialog changes only its own parameter (`useListHref`), so the admin
 * comes back to the search, filters, sort and page they left. Each route says what is its own: the
 * columns, filters and row actions, the words, and what sits between the filters and the list.
 */
export function AdminListScreen<Row>({
  path,
  title,
  intro,
  add,
  actions,
  search,
  filters,
  filtered = false,
  submitLabel,
  children,
  count,
  section,
  rows,
  rowKey,
  columns,
  rowActions,
  rowClassName,
  minWidth,
  empty,
  unavailable,
  loading,
  paging,
  dialogParam,
  dialog,
  className = 'space-y-5',
}: {
  /** The list's own address ('/admin/orders'): its Clear link, its pages, where a dialog closes to. */
  path: string;
  title: string;
  /** A line under the title (in place of buttons beside it). */
  intro?: string;
  /** The words of the Add button beside the title, which opens the dialog on 'new' (`dialogParam=new`). */
  add?: string;
  /** Other buttons beside the title: Export, Refresh. */
  actions?: ReactNode;
  search?: AdminSearch;
  /** The list's own fields in the search form (status, payment, kind…). */
  filters?: ReactNode;
  /** Anything is searched or filtered: the form offers Clear. */
  filtered?: boolean;
  submitLabel?: string;
  /** What the screen shows between its filters and its list (a card, an error). */
  children?: ReactNode;
  /** How many the list holds, read out when it changes. */
  count?: string;
  /** The list in a section of the page, under its own heading. */
  section?: { id: string; heading: string };
  /** The rows, or null when they could not be read (`unavailable` is shown instead). */
  rows: readonly Row[] | null;
  rowKey: (row: Row) => string | number;
  columns: readonly AdminListColumn<Row>[];
  /** The row's action buttons, in the last column ('Actions'). */
  rowActions?: (row: Row) => ReactNode;
  rowClassName?: string;
  minWidth: number;
  /** No rows: a sentence (in the list's empty box) or a box of the screen's own. */
  empty: string | ReactElement;
  unavailable?: ReactNode;
  /** Placeholder rows (with this test id) while the list is read again. */
  loading?: { testId: string } | null;
  paging?: { page: number; pages: number };
  /** The address's parameter that opens the dialog ('order', 'user', 'edit'): pages and Close drop it. */
  dialogParam?: string;
  dialog?: AdminListDialog | null;
  className?: string;
}) {
  const hrefWith = useListHref(path);
  const navigate = useNavigate();
  const withoutDialog = dialogParam ? { [dialogParam]: null } : {};
  const headings: AdminColumn[] = columns.map((column) => column.heading);
  if (rowActions) headings.push('Actions');

  const list = (
    <>
      {rows === null ? (
        unavailable
      ) : rows.length === 0 && !loading ? (
        typeof empty === 'string' ? (
          <p className="rounded-lg border border-slate-200 bg-white p-8 text-center text-slate-700">
            {empty}
          </p>
        ) : (
          empty
        )
      ) : (
        <AdminTable columns={headings} minWidth={minWidth}>
          {loading
            ? Array.from({ length: 5 }, (_, i) => (
                <tr key={i} data-testid={loading.testId} aria-hidden="true">
                  {headings.map((heading) => (
                    <AdminCell key={headingLabel(heading)} label={headingLabel(heading)}>
                      <span className="my-1 block h-4 animate-pulse rounded bg-slate-200" />
                    </AdminCell>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <AdminRow key={rowKey(row)} className={rowClassName}>
                  {columns.map((column) => (
                    <AdminCell
                      key={headingLabel(column.heading)}
                      label={headingLabel(column.heading)}
                      className={column.className}
                    >
                      {column.cell(row)}
                    </AdminCell>
                  ))}
                  {rowActions ? (
                    <AdminCell label="Actions">
                      <span className="flex gap-1">{rowActions(row)}</span>
                    </AdminCell>
                  ) : null}
                </AdminRow>
              ))}
        </AdminTable>
      )}
      {paging && rows !== null ? (
        <Pagination
          page={paging.page}
          pageCount={paging.pages}
          hrefFor={(page) => hrefWith({ page: String(page), ...withoutDialog })}
        />
      ) : null}
    </>
  );

  return (
    <div className={className}>
      {intro ? (
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-sm text-slate-700">{intro}</p>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">{title}</h1>
          {add && dialogParam ? (
            <Link to={hrefWith({ [dialogParam]: 'new' })} preventScrollReset className={buttonClasses()}>
              <Plus aria-hidden="true" className="h-4 w-4" /> {add}
            </Link>
          ) : null}
          {actions}
        </div>
      )}

      {search || filters ? (
        <AdminSearchBox search={search} clearTo={path} filtered={filtered} submitLabel={submitLabel}>
          {filters}
        </AdminSearchBox>
      ) : null}

      {children}

      {count !== undefined ? (
        <p className="text-sm text-slate-700" aria-live="polite">
          {count}
        </p>
      ) : null}

      {section ? (
        <section aria-labelledby={section.id} className="space-y-3">
          <h2 id={section.id} className="text-lg font-semibold">
            {section.heading}
          </h2>
          {list}
        </section>
      ) : (
        list
      )}

      {dialog ? (
        <Dialog
          open
          wide={dialog.wide}
          title={dialog.title}
          description={dialog.description}
          onOpenChange={(open) =>
            open ? undefined : navigate(hrefWith(withoutDialog), { preventScrollReset: true })
          }
        >
          {dialog.content}
        </Dialog>
      ) : null}
    </div>
  );
}
