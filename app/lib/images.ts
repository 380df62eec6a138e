/**
 * Our images are stored as `<name>-800.webp` with a `<name>-400.webp` twin; other URLs are used as
 * they are. Returns what an <img> needs for a responsive picture.
 */
export function responsiveImage(url: string | null | undefined, sizes: string) {
  if (!url) return { src: PLACEHOLDER_IMAGE };
  if (!url.endsWith('-800.webp')) return { src: url };
  const small = url.replace(/-800\.webp$/, '-400.webp');
  return { src: url, srcSet: `${small} 400w, ${url} 800w`, sizes };
}

/** The link-preview card (1200×630 JPEG) of one of our images, if it has one. */
export function previewImage(url: string | null | undefined): string | null {
  if (!url || !url.endsWith('-800.webp')) return null;
  return url.replace(/-800\.webp$/, '-og.jpg');
}

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
