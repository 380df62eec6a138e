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
      className={className}
      {...responsiveImage(url, `${width}px`)}
    />
  );
}
