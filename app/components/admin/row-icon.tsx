import { Eye, Pencil, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';

/**
 * The icons every row of an admin table repeats (edit, delete, view, grant, revoke), drawn once per
 * page as SVG symbols and referenced by each row: 50 rows no longer carry 100 copies of the same paths
 * (a third of the discount codes screen's HTML, and as much of React's rendering; decision 015).
 */
const ROW_ICONS = { edit: Pencil, delete: Trash2, view: Eye, grant: ShieldCheck, revoke: ShieldOff } as const;
export type RowIconName = keyof typeof ROW_ICONS;

const symbolId = (name: RowIconName) => `fc-row-icon-${name}`;

/** Rendered once by the admin shell. */
export function RowIconSymbols() {
  return (
    <svg aria-hidden="true" focusable="false" className="absolute h-0 w-0 overflow-hidden">
      {(Object.keys(ROW_ICONS) as RowIconName[]).map((name) => {
        const Icon = ROW_ICONS[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

/** A row action's icon (decorative: the link or button it sits in carries the name). */
export function RowIcon({ name }: { name: RowIconName }) {
  return (
    <svg aria-hidden="true" focusable="false" className="h-4 w-4">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
