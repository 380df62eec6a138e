import { MessageCircle } from 'lucide-react';
import { SHOP } from '#core/shop';

/**
 * Floating WhatsApp contact, on every page except the admin area (spec §1). On a phone it steps aside
 * while a field has focus (app.css, `.floating-contact`).
 */
export function WhatsAppButton() {
  return (
    <a
      href={SHOP.whatsappHref}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className="floating-contact fixed right-4 bottom-4 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-[#1a8f4c] text-white shadow-lg hover:bg-[#157a40] focus-visible:outline-offset-4"
    >
      <MessageCircle aria-hidden="true" className="h-7 w-7" />
    </a>
  );
}
