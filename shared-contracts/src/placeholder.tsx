import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PAGE_ROUTES, type RemoteName } from './routes';

/** Stands in for a page until its issue lands: says which remote serves which route. */
export function PagePlaceholder({ remote, module }: { remote: RemoteName; module: `./${string}` }) {
  const route = PAGE_ROUTES.find((r) => r.remote === remote && r.module === module);
  return (
    <Box sx={{ p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {route?.title ?? module}
      </Typography>
      <Typography color="text.secondary">
        Served by the {remote} remote ({module}) on the route {route?.path ?? 'unknown'}.
      </Typography>
    </Box>
  );
}
