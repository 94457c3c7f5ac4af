import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Facts, formatINR } from '@utsav/contracts';
import type { Menu } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';

/** Spec §2 Package detail: a custom menu's options — extra photos and revisions. */
export function CustomOptions({ options }: { options: Menu['customOptions'] }) {
  const t = useCatalogT();
  return (
    <Box component="section" aria-labelledby="package-custom" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Typography id="package-custom" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        {t('custom.title')}
      </Typography>
      {options ? (
        <Facts
          rows={[
            [
              t('custom.extraPhotos'),
              options.extraPhotos.enabled ? t('custom.extraPhotosEnabled', { price: formatINR(options.extraPhotos.price) }) : t('custom.disabled'),
            ],
            [t('custom.revisions'), t(options.supportsRevisions ? 'custom.yes' : 'custom.no')],
          ]}
        />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('custom.none')}
        </Typography>
      )}
    </Box>
  );
}
