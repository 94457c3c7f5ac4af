import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { SWIPE_THRESHOLD_PX } from '@utsav/contracts';
import type { CatalogImage } from '@utsav/contracts/schemas';
import { CatalogImg } from '../../shared/CatalogImg';
import { PICTURE_SIZES } from '../../shared/covers';
import { useSwipe } from './use-swipe';
import { useCatalogT } from '../../i18n';

export const CAROUSEL_RATIO = '4 / 3';

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  width: 48,
  height: 48,
  bgcolor: 'rgba(255, 255, 255, 0.85)',
  color: 'text.primary',
  boxShadow: 1,
  '&:hover': { bgcolor: 'background.paper' },
} as const;

interface ImageCarouselProps {
  images: CatalogImage[];
  /** names the carousel for screen readers, e.g. the service title */
  label: string;
}

/**
 * Spec §2 Service detail: the pictures one at a time. Swipe (50 px), the previous/next buttons,
 * the arrow keys or a dot change the picture. The first picture is the page's main image and loads
 * at once; the others load lazily, the neighbours of the shown one as soon as someone engages.
 */
export function ImageCarousel({ images, label }: ImageCarouselProps) {
  const t = useCatalogT();
  const [index, setIndex] = useState(0);
  const [engaged, setEngaged] = useState(false);
  const count = images.length;
  const last = count - 1;

  const show = (next: number) => {
    setEngaged(true);
    setIndex(Math.min(Math.max(next, 0), last));
  };
  // Buttons and keys go round; a swipe stops at either end, as a finger expects.
  const previous = () => show(index === 0 ? last : index - 1);
  const next = () => show(index === last ? 0 : index + 1);
  const swipe = useSwipe({
    threshold: SWIPE_THRESHOLD_PX,
    onNext: () => show(index + 1),
    onPrevious: () => show(index - 1),
    onStart: () => setEngaged(true),
  });

  function onKeyDown(event: KeyboardEvent) {
    if (count < 2) return;
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  }

  function priorityOf(i: number) {
    if (i === 0) return 'high';
    return engaged && Math.abs(i - index) <= 1 ? 'eager' : 'lazy';
  }

  return (
    <Box component="section" aria-roledescription="carousel" aria-label={t('carousel.label', { title: label })} onKeyDown={onKeyDown}>
      <Box
        data-testid="carousel-viewport"
        {...(count > 1 ? swipe : {})}
        onDragStart={(event) => event.preventDefault()}
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 1,
          aspectRatio: CAROUSEL_RATIO,
          bgcolor: 'grey.100',
          touchAction: 'pan-y',
          userSelect: 'none',
        }}
      >
        <Box
          aria-live="polite"
          sx={{
            display: 'flex',
            height: '100%',
            transform: `translateX(-${index * 100}%)`,
            transition: 'transform 300ms ease',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {images.map((image, i) => (
            <Box
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide', { index: i + 1, count })}
              aria-hidden={i !== index}
              sx={{ flex: '0 0 100%', minWidth: 0, height: '100%' }}
            >
              <CatalogImg image={image} sizes={PICTURE_SIZES.carousel} priority={priorityOf(i)} ratio={CAROUSEL_RATIO} fit="cover" draggable={false} />
            </Box>
          ))}
        </Box>
        {count > 1 && (
          <>
            <IconButton aria-label={t('carousel.previous')} onClick={previous} sx={{ ...arrowSx, left: 8 }}>
              <ChevronLeftRounded />
            </IconButton>
            <IconButton aria-label={t('carousel.next')} onClick={next} sx={{ ...arrowSx, right: 8 }}>
              <ChevronRightRounded />
            </IconButton>
          </>
        )}
      </Box>
      {count > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', flexWrap: 'nowrap', maxWidth: '100%' }}>
          {images.map((_, i) => (
            <Box
              key={i}
              component="button"
              type="button"
              aria-label={t('carousel.show', { index: i + 1, count })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
              sx={{
                flex: '0 1 48px',
                minWidth: 24,
                height: 48,
                p: 0,
                border: 0,
                bgcolor: 'transparent',
                cursor: 'pointer',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                '&::after': {
                  content: '""',
                  width: i === index ? 20 : 8,
                  height: 8,
                  borderRadius: '4px',
                  bgcolor: i === index ? 'primary.main' : 'grey.400',
                  transition: 'width 200ms ease',
                },
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -4, borderRadius: '8px' },
              }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
