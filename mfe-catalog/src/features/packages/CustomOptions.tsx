import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Facts, formatINR } from '@utsav/contracts';
import type { Menu } from '@utsav/contracts/schemas';

/** Spec §2 Package detail: a custom menu's options — extra photos and revisions. */
export function CustomOptions({ options }: { options: Menu['customOptions'] }) {
  return (
    <Box component="section" aria-labelledby="package-custom" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Typography id="package-custom" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        Custom Options
      </Typography>
      {options ? (
        <Facts
          rows={[
            [
              'Extra photos',
              options.extraPhotos.enabled ? `Enabled (${formatINR(options.extraPhotos.price)} per photo)` : 'Disabled',
            ],
            ['Supports revisions', options.supportsRevisions ? 'Yes' : 'No'],
          ]}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No custom options set.
        </Typography>
      )}
    </Box>
  );
}
