import { Link as RouterLink, useParams } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatINR, Page, paths, type PagePreload } from '@utsav/contracts';
import { ImageCarousel } from '../features/service/ImageCarousel';
import { RatingSummary } from '../features/service/RatingSummary';
import { ServiceSkeleton } from '../features/service/ServiceSkeleton';
import { ServiceTabs } from '../features/service/ServiceTabs';
import { preloadService, useService } from '../features/service/use-service';
import { LoadFailure, LoadingState } from '../shared/PageState';
import { ShareButton } from '../shared/ShareButton';
import { ShortlistHeart } from '../shared/ShortlistHeart';
import { CATEGORY_NAMES } from '../shared/labels';
import { useCatalogT } from '../i18n';

/** /service/:serviceId (spec §2 Service detail). */
export const preload: PagePreload = ({ params }) => preloadService(params.serviceId ?? '');

export default function ServiceDetailPage() {
  const t = useCatalogT();
  const { serviceId = '' } = useParams();
  const service = useService(serviceId);

  if (service.status === 'error') {
    return <LoadFailure error={service.error} what="service" onRetry={service.retry} />;
  }
  if (service.status !== 'success' || !service.data) return <LoadingState skeleton={<ServiceSkeleton />} />;

  const data = service.data;
  const images = [data.images.mainImage, ...data.images.workSamples];
  return (
    <Page wide>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1, minWidth: 0 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {data.title}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(CATEGORY_NAMES[data.category])} · {data.location.city}, {data.location.state}
            </Typography>
          </Box>
          <ShortlistHeart serviceId={data.serviceId} />
          <ShareButton what="service" title={data.title} path={paths.serviceDetail(data.serviceId)} />
        </Box>
        <ImageCarousel key={data.serviceId} images={images} label={data.title} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <RatingSummary averageRating={data.averageRating} reviewCount={data.reviewCount} />
          <Typography sx={{ fontWeight: 600 }}>{t('price.from', { price: formatINR(data.price) })}</Typography>
        </Box>
        <Button
          component={RouterLink}
          to={paths.packageList(data.serviceId)}
          variant="contained"
          size="large"
          fullWidth
          sx={{ minHeight: 48 }}
        >
          {t('service.viewMenus')}
        </Button>
        {/* a wedding is priced per event: ask the provider for a quote for one of the consumer's events (issue 37) */}
        <Button component={RouterLink} to={paths.askQuote([data.serviceId])} variant="outlined" size="large" fullWidth sx={{ minHeight: 48, mt: -1 }}>
          {t('service.askQuote')}
        </Button>
        <ServiceTabs service={data} />
      </Box>
    </Page>
  );
}
