import IconButton from '@mui/material/IconButton';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';

/** How a heart looks where it is put. */
export interface HeartLook {
  /** its name, the same whether saved or not (the pressed state says which): 'Save Lens & Light to your shortlist' */
  label: string;
  /** over a picture (a service card's cover): on a light disc, so it shows on any photo */
  overlay?: boolean;
  className?: string;
}

interface HeartButtonProps extends HeartLook {
  /** shown as saved (aria-pressed) */
  saved: boolean;
  /** a change, or a tap waiting for the shortlist, is under way: busy, and a tap does nothing */
  busy?: boolean;
  onToggle: () => void;
}

/** The shortlist heart's button alone: a 48 × 48 toggle, outlined when not saved, filled in the brand colour when saved. */
export function HeartButton({ label, overlay = false, className, saved, busy = false, onToggle }: HeartButtonProps) {
  return (
    <IconButton
      aria-label={label}
      aria-pressed={saved}
      aria-busy={busy || undefined}
      // not `disabled` while busy: a disabled button drops the focus, and a screen reader would lose its place
      onClick={() => {
        if (!busy) onToggle();
      }}
      className={className}
      sx={{
        width: 48,
        height: 48,
        flexShrink: 0,
        color: saved ? 'primary.main' : overlay ? 'text.primary' : 'text.secondary',
        opacity: busy ? 0.7 : 1,
        ...(overlay && {
          backgroundColor: 'rgba(255, 255, 255, 0.85)',
          '@media (hover: hover)': { '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.95)' } },
        }),
      }}
    >
      {saved ? <Favorite /> : <FavoriteBorder />}
    </IconButton>
  );
}
