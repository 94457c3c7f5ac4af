import { Link as RouterLink, useLocation } from '@utsav/contracts/router';
import IconButton from '@mui/material/IconButton';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { paths, useApi } from '@utsav/contracts';
import { providerResources } from '@utsav/contracts/provider-resources';
import { useShellT } from '../i18n';

/**
 * The way to the provider's side, in the top bar of someone who runs a listing (issue 36): nobody else sees it.
 * Its own chunk, loaded once the page takes taps (TopBar), so no consumer's first load carries it.
 */
export default function ProviderEntry({ uid }: { uid: string }) {
  const t = useShellT();
  const { pathname } = useLocation();
  const listings = useApi(providerResources.listings(uid));
  if (listings.status !== 'success' || listings.data.listings.length === 0) return null;
  const here = pathname === paths.provider() || pathname.startsWith(`${paths.provider()}/`);
  return (
    <IconButton component={RouterLink} to={paths.provider()} aria-label={t('topBar.provider')} aria-current={here ? 'page' : undefined} color={here ? 'primary' : 'inherit'}>
      <StorefrontOutlined />
    </IconButton>
  );
}
