import { Page, paths } from '@utsav/contracts';
import { ThreadList } from '@utsav/contracts/conversation';
import { threadResources } from '@utsav/contracts/thread-resources';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { ProviderNav } from '../features/listing/ProviderNav';
import { useProviderT } from '../i18n';

function Conversations() {
  const { uid } = useProviderScope();
  return <ThreadList uid={uid} side="provider" threadPath={paths.providerThread} />;
}

export const preload = preloadProvider((uid) => [threadResources.threads(uid, 'provider')]);

/** /provider/messages: customers' conversations about the enquiries and bookings of the listings the person runs. */
export default function MessagesPage() {
  const t = useProviderT();
  return (
    <ProviderGate title={t('messages.title')}>
      <Page title={t('messages.title')} subtitle={t('messages.subtitle')}>
        <ProviderNav />
        <Conversations />
      </Page>
    </ProviderGate>
  );
}
