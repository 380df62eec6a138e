import type { ReactNode } from 'react';

/**
 * An admin list's table: scrolls sideways on a phone rather than squeezing its columns, with the
 * spec's column headings (spec §2).
 */
export function AdminTable({
  columns,
  minWidth,
  children,
}: {
  columns: readonly string[];
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
