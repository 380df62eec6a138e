import { isOurImage, previewUrl, variantUrl } from '#core/media/variants';

/**
 * Our images (core/media/variants.ts: `<name>-800.webp` with a 400 px twin) get a `srcset`; other
 * URLs are used as they are; a page drawn for data saving gets the 400 px twin alone. Returns what an
 * <img> needs for a responsive picture: spread it after the
 * element's other attributes, never before them (`<img alt="" … {...responsiveImage(…)} />`). In Node
 * 20's V8 a literal that starts with a spread and then adds new keys gets a brand-new hidden class on
 * every render, ~20× slower, and optimised code that saw those classes is thrown away when they die
 * (docs/decisions/026).
 */
export function responsiveImage(url: string | null | undefined, sizes: string, dataSaver = false) {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  if (!isOurImage(url)) return { src: url };
  // Data saver (core/data-saver.ts): the smallest width only, whatever the screen.
  if (dataSaver) return { src: variantUrl(url, 400) };
  return { src: url, srcSet: `${variantUrl(url, 400)} 400w, ${url} 800w`, sizes };
}

/** The link-preview card (1200×630 JPEG) of one of our images, if it has one. */
export function previewImage(url: string | null | undefined): string | null {
  if (!url || !isOurImage(url)) return null;
  return previewUrl(url);
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
