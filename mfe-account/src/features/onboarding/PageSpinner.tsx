import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A full-screen wait, named for screen readers. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
