import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Page, paths, type PagePreload } from '@utsav/contracts';
import { PackageCard, PackageCardSkeleton } from '../features/packages/PackageCard';
import { preloadService, useService } from '../features/service/use-service';
import { LoadFailure, LoadingState } from '../shared/PageState';
import { useCatalogT } from '../i18n';

/** Asks for the service (its packages) before the page renders. */
export const preload: PagePreload = ({ params }) => preloadService(params.serviceId ?? '');

/** /service/:serviceId/menu (spec §2 Package list): the service's packages (its menus). */
export default function PackageListPage() {
  const t = useCatalogT();
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);

  if (service.status === 'error') {
    return <LoadFailure error={service.error} what="service" onRetry={service.retry} />;
  }
  if (service.status !== 'success' || !service.data) {
    return (
      <LoadingState
        skeleton={
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <PackageCardSkeleton />
            <PackageCardSkeleton />
          </Box>
        }
      />
    );
  }

  const { title, menus } = service.data;
  return (
    <Page wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {t('packages.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
        </Box>
        {menus.length === 0 ? (
          <Typography sx={{ color: 'text.secondary', py: 2 }}>{t('packages.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
            {menus.map((menu) => (
              <li key={menu.menuId}>
                <PackageCard serviceId={serviceId} menu={menu} />
              </li>
            ))}
          </Box>
        )}
        <Box>
          <Button component={RouterLink} to={paths.serviceDetail(serviceId)} sx={{ minHeight: 48 }}>
            {t('packages.backToService')}
          </Button>
        </Box>
      </Box>
    </Page>
  );
}
