import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';

/** Why the server refused the order, as the page keeps it until the buyer changes what it is about. */
export interface Refusal {
  title: string;
  message: string;
}

/**
 * A refused order said on the page beside the part it is about (not a toast that vanishes), with the
 * page moved to it as it appears: on a phone the part may be a long way above Pay.
 */
export function CheckoutRefusal({
  refusal,
  className,
  children,
}: {
  refusal: Refusal;
  className?: string;
  /** What the buyer can do about it, after the server's words. */
  children?: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, [refusal]);
  return (
    <div ref={box} tabIndex={-1} className={className} data-refusal="">
      <Alert tone="error" title={refusal.title}>
        {refusal.message}
        {children}
      </Alert>
    </div>
  );
}
