import { clsx } from 'clsx';
import { MessageCircle } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation, useMatches } from 'react-router';
import { chatFirstLine, chatHref, chatPagePath, SHOP, type ChatTopic } from '#core/shop';

/** A route whose page is about one thing says what, from its loader's data, for the chat's first line. */
export interface ChatHandle {
  chat?: (data: unknown) => ChatTopic | null;
}

const subscribeNothing = () => () => {};

/**
 * The chat link for the page the buyer is on. The shop's address is the browser's: on the server the
 * plain link is drawn (the button stays out of sight until the page is live anyway), and the first
 * line is added as the page hydrates.
 */
function useChatHref(): string {
  const origin = useSyncExternalStore(
    subscribeNothing,
    () => window.location.origin,
    () => null,
  );
  const { pathname, search } = useLocation();
  const matches = useMatches();
  if (origin === null) return SHOP.whatsappHref;
  // The deepest route that says what its page is about.
  let topic: ChatTopic = { kind: 'page', path: chatPagePath(pathname, search) };
  for (const match of matches) topic = (match.handle as ChatHandle | undefined)?.chat?.(match.data) ?? topic;
  return chatHref(chatFirstLine(topic, origin));
}

/** The band at the bottom of the screen the button covers: bottom-4 (16 px) + h-14 (56 px) + a margin. */
const BAND_PX = 88;

/**
 * Whether a control marked `data-keep-clear` (the product page's Add to Cart, the footer's Subscribe,
 * the cart's Clear Cart and Order Total, checkout's delivery methods and discount Apply, an order's
 * history times) is in the band the button covers: then the button steps aside, so a tap on any part of
 * the control reaches it. Controls drawn after the page is live (the cart and checkout draw theirs once
 * they have read the cart kept in this browser) are watched as they appear, not only those there at
 * first.
 */
function useKeepClear(): boolean | null {
  const { pathname } = useLocation();
  // null until the page is live and has looked: before that nobody knows what the button would cover.
  const [covering, setCovering] = useState<boolean | null>(null);
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const inBand = new Set<Element>();
    let observer: IntersectionObserver | null = null;
    const settle = () => setCovering(inBand.size > 0);
    const observeAll = () => {
      const targets = document.querySelectorAll('[data-keep-clear]');
      // Observing a control already observed does nothing, so this is safe to repeat; each new one is
      // reported by the observer once, in or out of the band.
      for (const target of targets) observer?.observe(target);
      // A control taken off the page no longer counts.
      let left = false;
      for (const target of inBand) if (!target.isConnected) left = inBand.delete(target);
      if (left || targets.length === 0) settle();
    };
    const watch = () => {
      observer?.disconnect();
      inBand.clear();
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) inBand.add(entry.target);
            else inBand.delete(entry.target);
          }
          settle();
        },
        // The root shrunk to the bottom band of the viewport.
        { rootMargin: `-${Math.max(0, window.innerHeight - BAND_PX)}px 0px 0px 0px` },
      );
      observeAll();
    };
    watch();
    // Once per frame at most: a page that changes often (a list filtering as the buyer types) would
    // otherwise query the whole document on every change, on a phone's slow CPU.
    let frame = 0;
    const appearing = new MutationObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        observeAll();
      });
    });
    appearing.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', watch);
    return () => {
      appearing.disconnect();
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('resize', watch);
    };
  }, [pathname]);
  return covering;
}

/**
 * Floating WhatsApp contact, on every page except the admin area (spec §1), whose chat opens with a
 * first line naming the page (useChatHref). On a phone it steps aside
 * while a field has focus (app.css, `.floating-contact`), and on any screen while a control it would
 * cover is under it (useKeepClear). Until the page is live it stays out of sight (app.css,
 * `[data-pending]`): a tap on Add to Cart then already works (app/lib/early-taps.ts) and must reach it, not
 * the button over it. Without scripting at all it shows as usual.
 */
export function WhatsAppButton() {
  const covering = useKeepClear();
  const keepClear = covering === true;
  const href = useChatHref();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      aria-hidden={keepClear || undefined}
      tabIndex={keepClear ? -1 : undefined}
      data-pending={covering === null ? '' : undefined}
      className={clsx(
        'floating-contact fixed right-4 bottom-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#1a8f4c] text-white shadow-lg transition hover:bg-[#157a40] focus-visible:outline-offset-4',
        keepClear && 'pointer-events-none translate-y-24 opacity-0',
      )}
    >
      <MessageCircle aria-hidden="true" className="h-7 w-7" />
    </a>
  );
}
