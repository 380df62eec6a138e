import { Boxes, Eye, KeyRound, Pencil, ShieldCheck, ShieldOff, Trash2, UserCog, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmDialog } from '~/components/ui/dialog';

/**
 * The icons every row of an admin table repeats (edit, delete, view, grant, revoke, stock, staff, two-factor reset), drawn once per
 * page as SVG symbols and referenced by each row: 50 rows no longer carry 100 copies of the same paths
 * (a third of the discount codes screen's HTML, and as much of React's rendering; decision 015).
 */
const ROW_ICONS = {
  edit: Pencil,
  delete: Trash2,
  view: Eye,
  grant: ShieldCheck,
  revoke: ShieldOff,
  stock: Boxes,
  staff: UserCog,
  unstaff: UserX,
  'reset-two-factor': KeyRound,
} as const;
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

/** A row's icon link (edit, view): the icon, named for screen readers by `label`. */
export function RowLink({ to, icon, label }: { to: string; icon: RowIconName; label: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-label={label}
      className={buttonClasses({ variant: 'outline', size: 'icon' })}
    >
      <RowIcon name={icon} />
    </Link>
  );
}

/**
 * A row's icon button that asks first (delete, grant, revoke; spec §5 confirmations) and then posts
 * `fields` to the screen's action.
 */
export function RowConfirmButton({
  icon,
  label,
  title,
  description,
  fields,
  confirmLabel,
}: {
  icon: RowIconName;
  label: string;
  title: string;
  description: string;
  fields: Record<string, string | number>;
  confirmLabel?: string;
}) {
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      fields={fields}
      trigger={
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={label}
          className={icon === 'delete' ? 'text-red-700' : undefined}
        >
          <RowIcon name={icon} />
        </Button>
      }
    />
  );
}
