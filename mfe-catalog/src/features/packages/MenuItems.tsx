import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatINR } from '@utsav/contracts';
import type { MenuItem } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';

/** Spec §2 Package detail: "What's Included", each item's title, description, quantity and price. */
export function MenuItems({ items }: { items: MenuItem[] }) {
  const t = useCatalogT();
  return (
    <Box component="section" aria-labelledby="package-included">
      <Typography id="package-included" component="h2" variant="h6" sx={{ fontWeight: 600, mb: 1 }}>
        {t('included.title')}
      </Typography>
      {items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('included.empty')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
          {items.map((item, i) => (
            <Box
              component="li"
              key={`${item.title}-${i}`}
              sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 0.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
              {item.description && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {item.description}
                </Typography>
              )}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
                <Typography variant="body2">{t('included.quantity', { quantity: item.quantity })}</Typography>
                <Typography variant="body2">{t('included.price', { price: formatINR(item.price) })}</Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
