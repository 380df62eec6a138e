import { useState } from 'react';
import { useDataSaver } from '~/lib/data-saver';
import { PLACEHOLDER_IMAGE, responsiveImage } from '~/lib/images';

/** A product picture with width/height, srcset, lazy loading and a placeholder if it fails to load. */
export function ProductImage({
  url,
  alt,
  sizes,
  width = 800,
  height = 600,
  eager = false,
  className,
}: {
  url: string | null;
  alt: string;
  sizes: string;
  width?: number;
  height?: number;
  eager?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  const image = failed ? { src: PLACEHOLDER_IMAGE } : responsiveImage(url, sizes, dataSaver);
  // The picture's own attributes go last: see responsiveImage.
  return (
    <img
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
      onError={() => setFailed(true)}
      {...image}
    />
  );
}
