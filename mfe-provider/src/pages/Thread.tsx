import Typography from '@mui/material/Typography';
import { useParams } from '@utsav/contracts/router';
import { Page, paths } from '@utsav/contracts';
import { ThreadView } from '@utsav/contracts/conversation';
import { THREAD_KINDS, type ThreadKind } from '@utsav/contracts/schemas';
import { threadResources } from '@utsav/contracts/thread-resources';
import { preloadProvider, ProviderGate, useProviderScope } from '../features/listing/ProviderGate';
import { useProviderT } from '../i18n';

const isThreadKind = (kind: string | undefined): kind is ThreadKind => (THREAD_KINDS as readonly string[]).includes(kind ?? '');

function Conversation({ kind, threadId }: { kind: ThreadKind; threadId: string }) {
  const { uid } = useProviderScope();
  return (
    <ThreadView
      key={`${kind}-${threadId}`}
      uid={uid}
      kind={kind}
      threadId={threadId}
      aboutPath={kind === 'enquiry' ? paths.providerEnquiry(threadId) : paths.providerBooking(threadId)}
    />
  );
}

export const preload = preloadProvider((uid, { params }) => (isThreadKind(params.kind) && params.threadId ? [threadResources.thread(uid, params.kind, params.threadId)] : []));

/** /provider/messages/:kind/:threadId: the conversation with the customer of an enquiry or a booking. */
export default function ThreadPage() {
  const t = useProviderT();
  const { kind, threadId = '' } = useParams();
  return (
    <ProviderGate title={t('messages.title')}>
      <Page>{isThreadKind(kind) ? <Conversation kind={kind} threadId={threadId} /> : <Typography>{t('messages.notFound')}</Typography>}</Page>
    </ProviderGate>
  );
}
