import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Facts, formatINR, Page, paths, toast, useApi } from '@utsav/contracts';
import { catalogResources } from '@utsav/contracts/resources';
import { CustomOptions } from '../features/packages/CustomOptions';
import { MenuItems } from '../features/packages/MenuItems';
import { LoadFailure, LoadingState } from '../shared/PageState';
import { ShareButton } from '../shared/ShareButton';
import { translateCatalog, useCatalogT } from '../i18n';

function onMenuError() {
  toast.error(translateCatalog('package.loadFailed'), { dedupe: true });
}

function PackageSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: '60%' }} />
      <Skeleton variant="text" />
      <Skeleton variant="text" sx={{ width: '80%' }} />
      <Skeleton variant="rectangular" sx={{ height: 160, borderRadius: 1, mt: 1 }} />
      <Skeleton variant="rectangular" sx={{ height: 48, borderRadius: 1, mt: 1 }} />
    </Box>
  );
}

/** /service/:serviceId/menu/details/:menuId (spec §2 Package detail). */
export default function PackageDetailPage() {
  const t = useCatalogT();
  const { serviceId = '', menuId = '' } = useParams();
  const menu = useApi(catalogResources.menu(menuId), { onError: onMenuError });

  if (menu.status === 'error') return <LoadFailure error={menu.error} what="package" onRetry={menu.retry} />;
  if (menu.status !== 'success' || !menu.data) return <LoadingState skeleton={<PackageSkeleton />} />;

  const { data, isCustom } = menu.data;
  return (
    <Page wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
              {data.name}
            </Typography>
            <ShareButton what="package" title={data.name} path={paths.packageDetail(data.serviceId, data.menuId)} />
          </Box>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {formatINR(data.price)}{' '}
            <Box component="span" sx={{ fontSize: '0.875rem', color: 'text.secondary', fontWeight: 500 }}>
              {data.currency}
            </Box>
          </Typography>
          {data.description && <Typography sx={{ whiteSpace: 'pre-line' }}>{data.description}</Typography>}
        </Box>
        <Facts
          rows={[
            [t('package.serviceType'), data.serviceType],
            [t('package.delivery'), data.expectedDeliveryTime],
          ]}
        />
        <MenuItems items={data.items} />
        {isCustom && <CustomOptions options={data.customOptions} />}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Button
            component={RouterLink}
            to={paths.slots(data.serviceId, data.menuId)}
            variant="contained"
            size="large"
            fullWidth
            sx={{ minHeight: 48 }}
          >
            {t('package.proceed')}
          </Button>
          <Button component={RouterLink} to={paths.packageList(serviceId)} fullWidth sx={{ minHeight: 48 }}>
            {t('package.backToPackages')}
          </Button>
        </Box>
      </Box>
    </Page>
  );
}
