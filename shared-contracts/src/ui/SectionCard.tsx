import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface SectionCardProps {
  title: string;
  children: ReactNode;
  /** the heading's size: 'subtitle1' for a page's parts (a booking's details), 'h6' beside other h6 headings (a plan's events) */
  heading?: 'subtitle1' | 'h6';
  sx?: SxProps<Theme>;
}

/**
 * A titled part of a page (`@utsav/contracts/section-card`): an outlined card named by its heading (a region a screen
 * reader lists), its contents in a column. The provider's enquiry and booking pages and the plan page's budget and
 * checklist use it.
 */
export function SectionCard({ title, children, heading = 'subtitle1', sx }: SectionCardProps) {
  return (
    <Card component="section" variant="outlined" aria-label={title} sx={sx}>
      <CardContent sx={{ p: 2, '&:last-child': { pb: 2 }, display: 'flex', flexDirection: 'column', gap: heading === 'h6' ? 1.5 : 1 }}>
        <Typography component="h2" variant={heading} sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
