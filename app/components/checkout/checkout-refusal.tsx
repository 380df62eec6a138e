import { useEffect, useRef } from 'react';
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
export function CheckoutRefusal({ refusal, className }: { refusal: Refusal; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, [refusal]);
  return (
    <div ref={box} tabIndex={-1} className={className} data-refusal="">
      <Alert tone="error" title={refusal.title}>
        {refusal.message}
      </Alert>
    </div>
  );
}
