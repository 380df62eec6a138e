/**
 * The one rule for our pictures' files (no I/O here: the browser imports it too). A picture is stored
 * as `<name>-800.webp` and `<name>-400.webp`, plus `<name>-og.jpg` (1200×630) for link previews and
 * `<name>-inline.webp` (400 px, low quality) for the first paint of a first visit. The
 * seed artwork, uploads and the storefront's `srcset` all follow it.
 */
export const IMAGE_WIDTHS = [400, 800] as const;
export const LARGEST_WIDTH = 800;
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export function variantFile(name: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return `${name}-${width}.webp`;
}

/**
 * The copy a first visit's page carries inline (issue 34, decision 054): the 400 px width at a low
 * quality, ~2 KB, shown under the real picture until it arrives over a slow link.
 */
export const INLINE_WIDTH = 400;

export function inlineFile(name: string): string {
  return `${name}-inline.webp`;
}

export function previewFile(name: string): string {
  return `${name}-og.jpg`;
}

const OURS = /-800\.webp$/;

/** Whether a picture's URL is one of ours (so it has the other widths and a preview card). */
export function isOurImage(url: string): boolean {
  return OURS.test(url);
}

/** The URL of another width of one of our pictures (given the URL of its largest). */
export function variantUrl(url: string, width: (typeof IMAGE_WIDTHS)[number]): string {
  return url.replace(OURS, `-${width}.webp`);
}

/** The URL of the inline copy of one of our pictures (given the URL of its largest). */
export function inlineUrl(url: string): string {
  return url.replace(OURS, '-inline.webp');
}

/** The URL of a picture's largest width, given the path of its inline copy; null for another file. */
export function largestOfInline(file: string): string | null {
  return /-inline\.webp$/.test(file) ? file.replace(/-inline\.webp$/, `-${LARGEST_WIDTH}.webp`) : null;
}

export function previewUrl(url: string): string {
  return url.replace(OURS, '-og.jpg');
}
