import { responsiveImage } from '~/lib/images';

/**
 * A product's picture in an admin table: a plain <img> with the storefront's srcset rule, drawn dozens
 * of times a page, so without ProductImage's fallback state (a picture that fails to load shows its
 * name). Every admin table row's picture goes through here.
 */
export function AdminThumbnail({
  url,
  alt,
  width,
  height,
  className,
}: {
  url: string | null;
  alt: string;
  width: number;
  height: number;
  className: string;
}) {
  return (
    <img
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      // max-w-none: the stylesheet's `img { max-width: 100% }` makes a picture count for nothing in a
      // table column's narrowest width, so the column came out narrower than its pictures and the
      // orders list's "+2" was drawn over the amount beside it.
      className={`max-w-none ${className}`}
      {...responsiveImage(url, `${width}px`)}
    />
  );
}
