import type { CSSProperties } from 'react';
import type { CatalogImage } from '@utsav/contracts/schemas';

interface CatalogImgProps {
  image: CatalogImage;
  /** above the fold: load at once (and, for the page's main picture, first) */
  priority?: 'high' | 'eager' | 'lazy';
  /** the box the picture fills, e.g. '4 / 3'; the picture's own ratio when left out */
  ratio?: string;
  fit?: CSSProperties['objectFit'];
  draggable?: boolean;
  className?: string;
}

/**
 * A catalog picture: its intrinsic width and height from the API as attributes and a CSS
 * aspect-ratio, so its box is reserved before it loads (no layout shift); lazy below the fold.
 */
export function CatalogImg({ image, priority = 'lazy', ratio, fit = 'cover', draggable, className }: CatalogImgProps) {
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      decoding={priority === 'lazy' ? 'async' : 'auto'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      draggable={draggable}
      className={className}
      style={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: ratio ?? `${image.width} / ${image.height}`,
        objectFit: fit,
        backgroundColor: '#eee',
      }}
    />
  );
}
