import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Facts, formatINR, type Translate } from '@utsav/contracts';
import type { ServiceDetail } from '@utsav/contracts/schemas';
import { ServiceReviews } from './ServiceReviews';
import { useCatalogT, type CatalogMessage } from '../../i18n';
import { CATEGORY_NAMES } from '../../shared/labels';

const TABS = ['Details', 'Reviews', 'Provider'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS: Record<TabName, CatalogMessage> = { Details: 'tabs.details', Reviews: 'tabs.reviews', Provider: 'tabs.provider' };

function locationOf(service: ServiceDetail): string {
  return `${service.location.city}, ${service.location.state}`;
}

function panelContent(tab: TabName, service: ServiceDetail, t: Translate<CatalogMessage>): ReactNode {
  switch (tab) {
    case 'Details':
      return (
        <>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{service.description}</Typography>
          <Facts
            rows={[
              [t('details.category'), t(CATEGORY_NAMES[service.category])],
              [t('details.location'), locationOf(service)],
              [t('details.currency'), service.currency],
              [t('details.price'), formatINR(service.price)],
            ]}
          />
        </>
      );
    case 'Reviews':
      return <ServiceReviews key={service.serviceId} serviceId={service.serviceId} />;
    case 'Provider':
      return <Facts rows={[[t('details.location'), locationOf(service)]]} />;
  }
}

/** Spec §2 Service detail: the Details, Reviews and Provider tabs. */
export function ServiceTabs({ service }: { service: ServiceDetail }) {
  const t = useCatalogT();
  const [tab, setTab] = useState<TabName>('Details');
  const idOf = (name: TabName) => `service-tab-${name.toLowerCase()}`;
  const panelIdOf = (name: TabName) => `service-tabpanel-${name.toLowerCase()}`;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, value: TabName) => setTab(value)}
        variant="fullWidth"
        aria-label={t('tabs.label')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} label={t(TAB_LABELS[name])} value={name} id={idOf(name)} aria-controls={panelIdOf(name)} sx={{ minHeight: 48 }} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelIdOf(tab)} aria-labelledby={idOf(tab)} sx={{ py: 2 }}>
        {panelContent(tab, service, t)}
      </Box>
    </Box>
  );
}
