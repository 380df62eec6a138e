import { createContext, useContext, type CSSProperties } from 'react';

/**
 * The inline copies of pictures a page may paint first (decision 054): provided by entry.server on a
 * first visit's catalogue page, none anywhere else. In the browser there is never one: the page it
 * hydrates already has it, and React leaves a server-drawn style it does not draw itself.
 */
const InlinePicturesContext = createContext<((url: string) => string | undefined) | null>(null);
export const InlinePicturesProvider = InlinePicturesContext.Provider;

/**
 * The style that paints the inline copy of `url` under its <img> until the picture itself arrives
 * (the same size as the picture, so the browser counts it as the page's picture, not a thumbnail).
 */
export function useInlinePicture(url: string | null | undefined): CSSProperties | undefined {
  const inline = useContext(InlinePicturesContext);
  const copy = url && inline ? inline(url) : undefined;
  return copy
    ? { backgroundImage: `url(${copy})`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;
}
