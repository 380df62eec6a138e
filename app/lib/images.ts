import { isOurImage, previewUrl, variantUrl } from '#core/media/variants';

/**
 * Our images (core/media/variants.ts: `<name>-800.webp` with a 400 px twin) get a `srcset`; other
 * URLs are used as they are. Returns what an <img> needs for a responsive picture.
 */
export function responsiveImage(url: string | null | undefined, sizes: string) {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  if (!isOurImage(url)) return { src: url };
  return { src: url, srcSet: `${variantUrl(url, 400)} 400w, ${url} 800w`, sizes };
}

/** The link-preview card (1200×630 JPEG) of one of our images, if it has one. */
export function previewImage(url: string | null | undefined): string | null {
  if (!url || !isOurImage(url)) return null;
  return previewUrl(url);
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
