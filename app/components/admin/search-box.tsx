import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { MAX_LIST_SEARCH_LENGTH } from '#core/list-query';

/** An admin list's search field: its id, label and hint, and the search the address holds. */
export interface AdminSearch {
  id: string;
  label: string;
  placeholder: string;
  value: string | undefined;
}

/**
 * An admin list's search form: a GET form, so the search lives in the URL (links and the back button
 * work), with room for the list's own filters and a Clear link when anything is set. A list without a
 * search (the activity log) has its filters alone.
 */
export function AdminSearchBox({
  search,
  clearTo,
  filtered,
  submitLabel = 'Search',
  children,
}: {
  search?: AdminSearch;
  clearTo: string;
  filtered: boolean;
  submitLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      {search ? (
        <div className="min-w-56 flex-1">
          <label htmlFor={search.id} className="mb-1 block text-sm font-medium">
            {search.label}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-slate-500"
            />
            <input
              id={search.id}
              name="q"
              type="search"
              maxLength={MAX_LIST_SEARCH_LENGTH}
              defaultValue={search.value ?? ''}
              placeholder={search.placeholder}
              className={`${inputClasses} pl-9`}
            />
          </div>
        </div>
      ) : null}
      {children}
      <Button type="submit">{submitLabel}</Button>
      {filtered ? (
        <Link to={clearTo} className={buttonClasses({ variant: 'ghost' })}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}
