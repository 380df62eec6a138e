import { useRootData } from '~/lib/session-user';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNote } from './offline-note';
import { WhatsAppButton } from './whatsapp-button';

/** The shop's header, main landmark, footer and WhatsApp button around a page. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header user={root?.user ?? null} />
      <OfflineNote />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <WhatsAppButton />
    </div>
  );
}
