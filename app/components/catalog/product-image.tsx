import { useState } from 'react';
import { useDataSaver } from '~/lib/data-saver';
import { PLACEHOLDER_IMAGE, responsiveImage } from '~/lib/images';
import { useInlinePicture } from '~/lib/inline-pictures';

/** A product picture with width/height, srcset, lazy loading and a placeholder if it fails to load. */
export function ProductImage({
  url,
  alt,
  sizes,
  width = 800,
  height = 600,
  eager = false,
  inline = false,
  className,
}: {
  url: string | null;
  alt: string;
  sizes: string;
  width?: number;
  height?: number;
  eager?: boolean;
  /** The page's first picture: on a first visit it paints from a copy in the page (decision 054). */
  inline?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const dataSaver = useDataSaver();
  const image = failed ? { src: PLACEHOLDER_IMAGE } : responsiveImage(url, sizes, dataSaver);
  const inlineStyle = useInlinePicture(inline && !failed ? url : null);
  // The picture's own attributes go last: see responsiveImage.
  return (
    <img
      // Another picture is another element: nothing of this one's copy stays behind it.
      key={url}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      className={className}
      style={inlineStyle}
      // Drawn by the server alone (app/lib/inline-pictures.tsx): the browser keeps it as it was, until
      // the picture is in (a transparent one must not show the copy through it).
      suppressHydrationWarning
      // A picture in before the page was live (its scripts wait for it: decision 051) fired its load
      // unheard, so it is looked at as soon as React has the element.
      ref={(image) => {
        if (image?.complete && image.naturalWidth > 0) dropCopy(image);
      }}
      onLoad={(event) => dropCopy(event.currentTarget)}
      onError={(event) => {
        dropCopy(event.currentTarget);
        setFailed(true);
      }}
      {...image}
    />
  );
}

/** Takes away the copy a first visit's page painted under the picture (decision 054). */
function dropCopy(image: HTMLImageElement) {
  if (!image.style.backgroundImage) return;
  // Once the picture is ready to paint, so no frame shows neither.
  const drop = () => {
    image.style.backgroundImage = '';
  };
  void image.decode().then(drop, drop);
}
