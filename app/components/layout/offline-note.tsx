import { WifiOff } from 'lucide-react';
import { useMatches } from 'react-router';
import { formatAdminDateTime } from '~/lib/dates';
import { useOfflineCopy } from '~/lib/offline';

/** A route that says itself what being offline means for it exports `handle = { offlineNote: false }`. */
export interface OfflineNoteHandle {
  offlineNote?: false;
}

/** "You're offline — prices as of …" above a page shown from the phone (issue 34, decision 048). */
export function OfflineNote() {
  const keptAt = useOfflineCopy();
  const saysItself = useMatches().some(
    (match) => (match.handle as OfflineNoteHandle | undefined)?.offlineNote === false,
  );
  if (!keptAt || saysItself) return null;
  return (
    <p
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      You&apos;re offline — prices as of {formatAdminDateTime(keptAt)}
    </p>
  );
}
