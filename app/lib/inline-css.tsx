import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';
import stylesheetHref from '../app.css?url';

/**
 * The inlined stylesheet; provided by entry.server, empty in the browser (the DOM already has it).
 * null: this browser's service worker holds the stylesheet, so the page links it (decision 048).
 */
const InlineCssContext = createContext<string | null>('');
export const InlineCssProvider = InlineCssContext.Provider;

/** The stylesheet's file name, which the page tells the server its service worker holds. */
export const STYLESHEET_FILE = stylesheetHref.slice(stylesheetHref.lastIndexOf('/') + 1);
export { stylesheetHref };

/** How the page that loaded in this browser was styled (navigations keep it: the DOM has it already). */
const linkedOnLoad =
  typeof document !== 'undefined' && document.querySelector('link[data-stylesheet]') !== null;

export type Stylesheet = { linked: true; href: string } | { linked: false; css: string };

/**
 * The storefront inlines the whole stylesheet, so a shopper's first paint on a weak link waits for
 * nothing but the page. The admin area links it instead: admins come back to it all day, their browser
 * keeps the file (immutable), and the server neither renders nor compresses 40 KB more for each screen.
 * A shopper whose phone's service worker holds the stylesheet gets it linked too: ~9 KB less per page.
 */
export function useStylesheet(): Stylesheet {
  const css = useContext(InlineCssContext);
  const admin = useMatches().some((match) => match.id.startsWith('routes/admin/'));
  const server = typeof document === 'undefined';
  const linked = server ? admin || css === null : linkedOnLoad;
  return linked ? { linked: true, href: stylesheetHref } : { linked: false, css: css ?? '' };
}
