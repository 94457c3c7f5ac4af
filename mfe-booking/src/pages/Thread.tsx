import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from '@utsav/contracts/router';
import { Page, paths } from '@utsav/contracts';
import { ThreadView, useConversationT } from '@utsav/contracts/conversation';
import { THREAD_KINDS, type ThreadKind } from '@utsav/contracts/schemas';
import { useSignedInUid } from '../shared/use-signed-in-uid';

const isThreadKind = (kind: string | undefined): kind is ThreadKind => (THREAD_KINDS as readonly string[]).includes(kind ?? '');

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
