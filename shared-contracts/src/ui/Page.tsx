import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface PageProps {
  /** the page's h1; left out when the page's own content carries its heading (a name read from the API) */
  title?: string;
  /** a line under the h1 */
  subtitle?: string;
  /** no max width: for grids of cards that fill the screen (the catalog's) */
  wide?: boolean;
  children?: ReactNode;
}

/** A remote page's frame: side margins on phones, more room on larger screens, its h1 and an optional sub-header. */
export function Page({ title, subtitle, wide = false, children }: PageProps) {
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, minWidth: 0, ...(wide ? {} : { maxWidth: 720, mx: 'auto' }) }}>
      {title !== undefined && (
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 2 }}>
          {title}
        </Typography>
      )}
      {subtitle && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>{subtitle}</Typography>
      )}
      {children}
    </Box>
  );
}
