import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { errorMessage, LegalLinks, LoadError, Page, paths, useApi, useLocale, useSession, useUrlTab } from '@utsav/contracts';
import { userResources } from '@utsav/contracts/resources';
import type { ConsumerProfile } from '@utsav/contracts/schemas';
import { AccountSkeleton } from '../features/account/AccountSkeleton';
import { DangerZone } from '../features/account/DangerZone';
import { NotificationSettings } from '../features/account/NotificationSettings';
import { PasswordSection } from '../features/account/PasswordSection';
import { usePasswordSignIn } from '../features/account/password-account';
import { ProfileForm } from '../features/account/ProfileForm';
import { ProfileHeader } from '../features/account/ProfileHeader';
import { SavedAddresses } from '../features/account/SavedAddresses';
import { SignOutButton } from '../components/SignOutButton';
import { SignOutEverywhereButton } from '../components/SignOutEverywhereButton';
import { LanguageSwitch } from '../features/language/LanguageSwitch';
import { useAccountT, type AccountMessage } from '../i18n';

const TABS = ['profile', 'settings'] as const;
type AccountTab = (typeof TABS)[number];
const TAB_LABELS: Record<AccountTab, AccountMessage> = { profile: 'account.tab.profile', settings: 'account.tab.settings' };

const tabId = (tab: AccountTab) => `account-tab-${tab}`;
const panelId = (tab: AccountTab) => `account-panel-${tab}`;

const onProfileError = (error: unknown) => console.error('Loading the profile failed', error);

/** The tab lives in the URL (?tab=settings), replacing the entry, so reload comes back to it. */
function Panel({ tab, active, children }: { tab: AccountTab; active: boolean; children: ReactNode }) {
  // both stay mounted, so what was typed on one tab is still there after a look at the other
  return (
    <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={!active}>
      {children}
    </Box>
  );
}

interface TabsContentProps {
  uid: string;
  profile: ConsumerProfile;
  tab: AccountTab;
  onProfileChange: (change: (profile: ConsumerProfile) => ConsumerProfile) => void;
}

function AccountTabs({ uid, profile, tab, onProfileChange }: TabsContentProps) {
  // Change Password only for an account that has a password: a phone-code account has none to change
  const withPassword = usePasswordSignIn();
  return (
    <>
      <Panel tab="profile" active={tab === 'profile'}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <ProfileHeader uid={uid} profile={profile} onProfileChange={onProfileChange} />
          <ProfileForm uid={uid} profile={profile} onProfileChange={onProfileChange} />
          <Divider />
          <SavedAddresses uid={uid} />
          <Divider />
          <SignOutButton />
          <SignOutEverywhereButton />
        </Box>
      </Panel>
      <Panel tab="settings" active={tab === 'settings'}>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {/* first: where people look for the language, and the one setting that changes every page */}
          <LanguageSwitch variant="section" />
          <Divider />
          <NotificationSettings uid={uid} profile={profile} onProfileChange={onProfileChange} />
          <Divider />
          {withPassword && (
            <>
              <PasswordSection />
              <Divider />
            </>
          )}
          <DangerZone uid={uid} />
        </Box>
      </Panel>
    </>
  );
}

/** /account (spec §2 My Account): the signed-in user's own profile and settings. */
export default function MyAccountPage() {
  const t = useAccountT();
  const locale = useLocale();
  const session = useSession();
  const [tab, setTab] = useUrlTab(TABS);
  const uid = session.status === 'signedIn' ? session.uid : null;
  // the stored profile; what this page saves since is put in place, so both tabs show the latest
  const profile = useApi(userResources.profile(uid ?? ''), { enabled: uid !== null, onError: onProfileError });

  if (session.status === 'signedOut') return <Navigate to={paths.login()} replace />;

  let content: ReactNode;
  if (profile.status === 'success' && uid !== null) {
    content = <AccountTabs key={uid} uid={uid} profile={profile.data} tab={tab} onProfileChange={profile.update} />;
  } else if (profile.status === 'error') {
    content = (
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <LoadError message={t('account.loadFailed', { reason: errorMessage(profile.error, undefined, locale) })} onRetry={profile.retry} />
      </Box>
    );
  } else {
    content = (
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <AccountSkeleton />
      </Box>
    );
  }

  return (
    <Page title={t('account.title')}>
      {/* planning a wedding (issue 37): the consumer's plans, the services they saved with a heart, their conversations with providers */}
      <Box component="nav" aria-label={t('account.planning')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button component={RouterLink} to={paths.plans()} variant="outlined" sx={{ minHeight: 48, flexGrow: 1 }}>
          {t('account.plans')}
        </Button>
        <Button component={RouterLink} to={paths.shortlist()} variant="outlined" sx={{ minHeight: 48, flexGrow: 1 }}>
          {t('account.shortlist')}
        </Button>
        <Button component={RouterLink} to={paths.messages()} variant="outlined" sx={{ minHeight: 48, flexGrow: 1 }}>
          {t('account.messages')}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, value: AccountTab) => setTab(value)}
        variant="fullWidth"
        aria-label={t('account.sections')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(TAB_LABELS[value])}
            id={tabId(value)}
            aria-controls={panelId(value)}
            sx={{ minHeight: 48 }}
          />
        ))}
      </Tabs>
      {content}
      <Divider sx={{ mt: 3 }} />
      {/* the provider's side (issue 36): the page it leads to says how to claim a listing, or opens it for an owner */}
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t('account.provider.ask')}{' '}
        <Link component={RouterLink} to={paths.providerJoin()}>
          {t('account.provider.link')}
        </Link>
      </Typography>
      <LegalLinks />
    </Page>
  );
}
