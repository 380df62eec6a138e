import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE, responsiveImage } from '~/lib/images';

/** A product picture with width/height, srcset, lazy loading and a placeholder if it fails to load. */
export function ProductImage({
  url,
  alt,
  sizes,
  width = 800,
  height = 600,
  eager = false,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  url: string | null;
  alt: string;
  sizes: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const image = failed ? { src: PLACEHOLDER_IMAGE } : responsiveImage(url, sizes);
  return (
    <img
      {...rest}
      {...image}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
