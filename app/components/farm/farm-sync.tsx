import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { farmOutbox, useFarmOutbox } from '~/lib/farm-outbox';
import { useOnline } from '~/lib/offline';
import { MAX_ENTRIES_PER_SEND } from '#core/farm/schemas';
import type { RecordedEntries } from '#core/farm/entries';

/** How often a phone with waiting lines tries again while the browser believes it is online. */
const RETRY_MS = 30_000;

/**
 * Sends the farm's waiting lines (farm-outbox.ts) whenever there is a connection: at once, when the
 * connection comes back, and every 30 s while lines wait. A line leaves the phone only once the server
 * answers for it (saved, saved before, or refused with its message, which stays shown until dismissed);
 * a lost request, a server in trouble or a session gone keep it for the next try. The page's figures
 * are reloaded before the lines leave, so what the farmer sees never drops back.
 */
export function FarmSync({ userKey, farmId }: { userKey: string; farmId: number }) {
  const { lines } = useFarmOutbox(userKey, farmId);
  const online = useOnline();
  const revalidator = useRevalidator();
  const sending = useRef(false);
  const waiting = useRef(lines);
  waiting.current = lines.filter((line) => !line.refused);
  const waitingKey = waiting.current.map((line) => line.entry.id).join(',');
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (!online || waitingKey === '') return;
    let stopped = false;
    const send = async () => {
      if (sending.current || stopped) return;
      sending.current = true;
      const batch = waiting.current.slice(0, MAX_ENTRIES_PER_SEND).map((line) => line.entry);
      if (batch.length === 0) return void (sending.current = false);
      try {
        const response = await fetch(`/api/farm/${farmId}/entries`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ entries: batch }),
        });
        if (!response.ok) return; // kept: signed out, a server in trouble, a refused body
        const answer = (await response.json()) as RecordedEntries & { ok: true };
        const outbox = farmOutbox(userKey);
        if (answer.refused.length > 0) outbox.refused(answer.refused);
        await revalidate.current();
        outbox.settled([...answer.saved, ...answer.already]);
        // A revalidation asked for while another was under way (the page still starting, a tap's own)
        // may settle without the new data: asked once more, so the page never shows less than the book.
        void revalidate.current();
      } catch {
        // The network lost it: it stays, and goes with the next try.
      } finally {
        sending.current = false;
      }
    };
    void send();
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [online, waitingKey, farmId, userKey]);
  return null;
}
