import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from '@utsav/contracts/router';
import { Page, paths, prefetchForUser, type PagePreload } from '@utsav/contracts';
import { threadResources } from '@utsav/contracts/thread-resources';
import { ThreadView, useConversationT } from '@utsav/contracts/conversation';
import { THREAD_KINDS, type ThreadKind } from '@utsav/contracts/schemas';
import { useSignedInUid } from '../shared/use-signed-in-uid';

const isThreadKind = (kind: string | undefined): kind is ThreadKind => (THREAD_KINDS as readonly string[]).includes(kind ?? '');

/** Asks for the conversation as soon as the session is restored (and the server's render has it to draw). */
export const preload: PagePreload = ({ params: { kind, threadId } }) =>
  prefetchForUser((uid) => (isThreadKind(kind) && threadId ? [threadResources.thread(uid, kind, threadId)] : []));

/** /messages/:kind/:threadId: the couple's conversation with the provider of an enquiry or a booking. */
export default function ThreadPage() {
  const { kind, threadId = '' } = useParams();
  const uid = useSignedInUid();
  const t = useConversationT();
  return (
    <Page>
      {!isThreadKind(kind) ? (
        <Typography>{t('conversation.notFound')}</Typography>
      ) : uid ? (
        <ThreadView
          key={`${kind}-${threadId}`}
          uid={uid}
          kind={kind}
          threadId={threadId}
          aboutPath={kind === 'enquiry' ? paths.enquiries() : paths.orderSummary(threadId)}
        />
      ) : (
        <Skeleton variant="rounded" height={320} role="status" aria-label={t('conversation.loading')} />
      )}
    </Page>
  );
}
