import type { CSSProperties } from 'react';
import type { CatalogImage } from '@utsav/contracts/schemas';
import { serviceImageSrcSet, SERVICE_IMAGE_TYPES } from '@utsav/contracts/service-images';

interface CatalogImgProps {
  image: CatalogImage;
  /** how wide the picture is drawn, as the `sizes` attribute says it (PICTURE_SIZES in ./covers.ts) */
  sizes: string;
  /** above the fold: load at once (and, for the page's main picture, first) */
  priority?: 'high' | 'eager' | 'lazy';
  /** the box the picture fills, e.g. '4 / 3'; the picture's own ratio when left out */
  ratio?: string;
  fit?: CSSProperties['objectFit'];
  draggable?: boolean;
  className?: string;
}

/**
 * A catalog picture: AVIF, else WebP, at the width the screen needs (`srcset` of every width the API
 * makes, and `sizes`), from the page's own origin. Its intrinsic width and height from the API as
 * attributes and a CSS aspect-ratio, so its box is reserved before it loads (no layout shift); lazy
 * below the fold. The <picture> draws no box of its own: the <img> is laid out as if alone.
 */
export function CatalogImg({ image, sizes, priority = 'lazy', ratio, fit = 'cover', draggable, className }: CatalogImgProps) {
  return (
    <picture style={{ display: 'contents' }}>
      <source type={SERVICE_IMAGE_TYPES.avif} srcSet={serviceImageSrcSet(image.id, 'avif')} sizes={sizes} />
      <img
        src={image.url}
        srcSet={serviceImageSrcSet(image.id, 'webp')}
        sizes={sizes}
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
    </picture>
  );
}
