import { clsx } from 'clsx';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx('flex flex-col items-center justify-center gap-3 text-slate-700', className)}
    >
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      {label ? <span>{label}</span> : <span className="sr-only">Loading…</span>}
    </div>
  );
}
