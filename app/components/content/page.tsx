import type { ReactNode } from 'react';

/** A plain content page: a heading, an optional lead paragraph, and its sections. */
export function ContentPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      {lead ? <p className="mt-3 text-lg text-slate-700">{lead}</p> : null}
      <div className="mt-8 space-y-8 leading-relaxed text-slate-800">{children}</div>
    </article>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}
