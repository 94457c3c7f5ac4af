import { Link as RouterLink, useLocation } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { paths } from '@utsav/contracts';
import { useProviderT, type ProviderMessage } from '../../i18n';

const SECTIONS: [ProviderMessage, string][] = [
  ['nav.requests', paths.provider()],
  ['nav.enquiries', paths.providerEnquiries()],
  ['nav.messages', paths.providerMessages()],
  ['nav.calendar', paths.providerCalendar()],
  ['nav.bookings', paths.providerBookings()],
  ['nav.earnings', paths.providerEarnings()],
  ['nav.reviews', paths.providerReviews()],
];

/** The provider side's sections, a row of links under the page's heading (scrolls sideways on a narrow phone). */
export function ProviderNav() {
  const t = useProviderT();
  const { pathname } = useLocation();
  const current = (path: string) => (path === paths.provider() ? pathname === path : pathname.startsWith(path));
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, mb: 2, mx: -0.5, px: 0.5 }}>
      {SECTIONS.map(([label, path]) => {
        const here = current(path);
        return (
          <Button
            key={path}
            component={RouterLink}
            to={path}
            size="small"
            variant={here ? 'contained' : 'outlined'}
            aria-current={here ? 'page' : undefined}
            sx={{ minHeight: 40, flexShrink: 0, borderRadius: 5 }}
          >
            {t(label)}
          </Button>
        );
      })}
    </Box>
  );
}
