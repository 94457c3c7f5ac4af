import { Link as RouterLink } from '@utsav/contracts/router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoment, LoadError, useApi, useLiveStatus, useLocale } from '@utsav/contracts';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import { savedThreadsName } from '@utsav/contracts/threads';
import { threadResources } from '@utsav/contracts/thread-resources';
import type { ThreadKind, ThreadRole, ThreadSummary } from '../../domain/schemas/message';
import { useConversationT } from './i18n';

/** While the live stream is not up, the list is asked for again this often. */
const POLL_MS = 30_000;
const loadListCheck = () => import('../../domain/schemas/message').then((s) => (data: unknown) => s.threadListSchema.parse(data));

export interface ThreadListProps {
  uid: string;
  /** whose conversations: the consumer's, or those of the listings the person runs (not `role`: that is ARIA's) */
  side: ThreadRole;
  /** where one opens on this side */
  threadPath: (kind: ThreadKind, threadId: string) => string;
}

/**
 * The person's conversations on one side (`@utsav/contracts/conversation`), the newest message first: who, about
 * what, the last message (masked as the thread is) and how many of theirs are unread. Offline, the copy this phone kept.
 */
export function ThreadList({ uid, side, threadPath }: ThreadListProps) {
  const t = useConversationT();
  const live = useLiveStatus();
  const list = useApi(threadResources.threads(uid, side), { refetchOnFocus: true, poll: live === 'open' ? undefined : POLL_MS });
  const saved = useSavedCopy(list, uid, savedThreadsName(side), loadListCheck);
  const threads = list.data ?? saved?.data;
  if (!threads) {
    if (list.status === 'error') return <LoadError message={t('conversation.list.loadError')} onRetry={list.retry} />;
    return <Skeleton variant="rounded" height={200} role="status" aria-label={t('conversation.loading')} />;
  }
  if (threads.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{side === 'consumer' ? t('conversation.list.empty') : t('conversation.list.emptyProvider')}</Typography>;
  return (
    <Box component="ul" aria-label={t('conversation.list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {threads.map((thread) => (
        <li key={`${thread.subject.kind}-${thread.subject.threadId}`}>
          <ThreadRow thread={thread} to={threadPath(thread.subject.kind, thread.subject.threadId)} />
        </li>
      ))}
    </Box>
  );
}

function ThreadRow({ thread, to }: { thread: ThreadSummary; to: string }) {
  const t = useConversationT();
  const locale = useLocale();
  const { subject, last, unread } = thread;
  const other = subject.role === 'consumer' ? subject.providerName : subject.consumerFirstName;
  const preview = last.body || t('conversation.list.photo');
  return (
    <ListItemButton component={RouterLink} to={to} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, py: 1.5, px: 1, minHeight: 48, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: unread > 0 ? 700 : 500, overflowWrap: 'anywhere' }}>{other}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary', flexShrink: 0 }}>
            {formatMoment(last.createdAt, locale)}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {subject.serviceTitle}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: unread > 0 ? 700 : 400, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {last.from === subject.role ? `${t('conversation.you')}: ${preview}` : preview}
        </Typography>
      </Box>
      {unread > 0 && <Badge badgeContent={unread} color="primary" aria-label={t('conversation.list.unread', { count: unread })} sx={{ mt: 2, mr: 1 }} />}
    </ListItemButton>
  );
}
