import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface FactsProps {
  /** label and value pairs, in order; a value keeps its line breaks (a note) and wraps anywhere */
  rows: [string, ReactNode][];
  /** less room between the rows (a card in a list) */
  dense?: boolean;
  /** values against the right edge (a receipt) */
  alignEnd?: boolean;
  /**
   * the labels take the room and wrap, each value on one line against the right edge (a receipt of long lines: a
   * quote's line items), where by default the labels keep to one line and the values wrap
   */
  receipt?: boolean;
}

/** Label/value pairs as a description list in two columns: the one such list of every app. */
export function Facts({ rows, dense = false, alignEnd = false, receipt = false }: FactsProps) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, width: 1, display: 'grid', gridTemplateColumns: receipt ? 'minmax(0, 1fr) max-content' : 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: dense ? 0.5 : 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontWeight: 500, ...(receipt ? { whiteSpace: 'nowrap', textAlign: 'right' } : { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }), ...(alignEnd && { textAlign: 'right' }) }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
