import * as TabsPrimitive from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix Tabs with our look. Panels stay in the server HTML (forceMount) and are hidden when inactive. */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List className={clsx('flex gap-1 border-b border-slate-200', className)} {...props} />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={clsx(
        '-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900',
        'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      forceMount
      className={clsx('pt-6 data-[state=inactive]:hidden', className)}
      {...props}
    />
  );
}
