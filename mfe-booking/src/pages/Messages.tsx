import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Page, paths, prefetchForUser, type PagePreload } from '@utsav/contracts';
import { threadResources } from '@utsav/contracts/thread-resources';
import { ThreadList, useConversationT } from '@utsav/contracts/conversation';
import { useSignedInUid } from '../shared/use-signed-in-uid';

/** Asks for the conversations as soon as the session is restored. */
export const preload: PagePreload = () => prefetchForUser((uid) => [threadResources.threads(uid, 'consumer')]);

/** /messages: the couple's conversations with providers, one per enquiry and per booking, the newest first. */
export default function MessagesPage() {
  const uid = useSignedInUid();
  const t = useConversationT();
  return (
    <Page>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('conversation.title')}
      </Typography>
      {uid ? <ThreadList uid={uid} side="consumer" threadPath={paths.thread} /> : <Skeleton variant="rounded" height={200} role="status" aria-label={t('conversation.loading')} />}
    </Page>
  );
}
