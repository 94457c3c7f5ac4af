import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '@utsav/contracts';

export function NotFound() {
  return (
    <Box sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography component="h1" variant="h5">
        Page not found
      </Typography>
      <Typography color="text.secondary">This link doesn't lead anywhere in Utsav.</Typography>
      <Button component={RouterLink} to={paths.home()} variant="contained">
        Go to Home
      </Button>
    </Box>
  );
}
