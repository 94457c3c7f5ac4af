import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatINR, paths } from '@utsav/contracts';
import type { Menu } from '@utsav/contracts/schemas';
import { useCatalogT } from '../../i18n';

/** One package of the list (spec §2 Package list): name, price, menu id and the two ways on. */
export function PackageCard({ serviceId, menu }: { serviceId: string; menu: Menu }) {
  const t = useCatalogT();
  const headingId = `package-${menu.menuId}`;
  return (
    <Card component="article" variant="outlined" aria-labelledby={headingId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 2, '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {menu.name}
          </Typography>
          <Typography sx={{ fontWeight: 700, color: 'primary.main' }}>{formatINR(menu.price)}</Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t('packageCard.menuId', { menuId: menu.menuId })}
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
          <Button component={RouterLink} to={paths.packageDetail(serviceId, menu.menuId)} variant="outlined" sx={{ minHeight: 48 }}>
            {t('packageCard.viewDetails')}
          </Button>
          <Button component={RouterLink} to={paths.slots(serviceId, menu.menuId)} variant="contained" sx={{ minHeight: 48 }}>
            {t('packageCard.selectSlot')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

export function PackageCardSkeleton() {
  return (
    <Card variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
        <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: '50%' }} />
        <Skeleton variant="text" sx={{ width: '25%' }} />
      </Box>
      <Skeleton variant="text" sx={{ width: '40%' }} />
      <Skeleton variant="rectangular" sx={{ height: 48, borderRadius: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 48, borderRadius: 1 }} />
    </Card>
  );
}
