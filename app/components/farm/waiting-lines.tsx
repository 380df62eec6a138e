import { AlertTriangle, CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '~/components/ui/button';
import { useFarmOutbox } from '~/lib/farm-outbox';
import { useOnline } from '~/lib/offline';
import { entryKindWord } from '#core/farm/kinds';
import { useFarmBook } from './farm-book';

/**
 * What this phone holds that the farm book does not have yet, said on every farm page: lines waiting
 * for a connection, and a plain warning when the browser will not keep them (then the page also asks
 * before it is closed). Lines the server refused are shown where they were written (RefusedLines).
 */
export function WaitingLines() {
  const book = useFarmBook();
  const online = useOnline();
  const { lines, notKept } = useFarmOutbox(book?.userKey ?? '', book?.farmId ?? 0);
  const waiting = lines.filter((line) => !line.refused);

  useEffect(() => {
    if (!notKept || waiting.length === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [notKept, waiting.length]);

  if (!book) return null;
  if (waiting.length === 0)
    return online ? null : (
      <p role="status" className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-900">
        <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0 translate-y-0.5" />
        No connection: what you record is kept on this phone and sent when the signal comes back.
      </p>
    );
  return (
    <div className="space-y-2" data-testid="waiting-lines">
      {waiting.length > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-900"
        >
          {online ? (
            <RefreshCw aria-hidden="true" className="h-4 w-4 shrink-0 translate-y-0.5" />
          ) : (
            <CloudOff aria-hidden="true" className="h-4 w-4 shrink-0 translate-y-0.5" />
          )}
          <span>
            {waiting.length === 1 ? '1 entry is' : `${waiting.length} entries are`} saved on this phone,{' '}
            {online ? 'sending…' : 'waiting for a connection to be sent.'}
          </span>
        </p>
      ) : null}
      {notKept && waiting.length > 0 ? (
        <p role="alert" className="flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
          This browser is not keeping entries (its storage is full or private): keep this page open until they
          are sent.
        </p>
      ) : null}
    </div>
  );
}

/** Lines of this cycle the server refused, with why, beside the forms they came from, until dismissed. */
export function RefusedLines({ cycleId }: { cycleId: number }) {
  const book = useFarmBook();
  const { lines, outbox } = useFarmOutbox(book?.userKey ?? '', book?.farmId ?? 0);
  const refused = lines.filter((line) => line.refused && line.entry.cycleId === cycleId);
  if (refused.length === 0) return null;
  return refused.map((line) => (
    <div key={line.entry.id} role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      <p className="font-medium text-red-900">
        {entryKindWord(line.entry.kind)} not saved: {line.refused!.message}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-2"
        onClick={() => outbox.dismiss(line.entry.id)}
      >
        Dismiss
      </Button>
    </div>
  ));
}
