import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
// by name: the page's one cache, session, language and formatters (a sub-path is bundled into each remote that imports it)
import {
  errorMessage,
  formatDate,
  formatMoment,
  isNotFound,
  LoadError,
  uploadPhoto,
  useApi,
  useLiveStatus,
  useLocale,
  useOnline,
} from '@utsav/contracts';
import { useSavedCopy } from '@utsav/contracts/saved-answer';
import { getThread, markThreadRead, savedThreadName, sendMessage, showSentMessage } from '@utsav/contracts/threads';
import { threadResources } from '@utsav/contracts/thread-resources';
import { MESSAGE_MAX_LENGTH, MESSAGE_PHOTOS_MAX, type Message, type Thread, type ThreadKind, type ThreadSubject } from '../../domain/schemas/message';
import { useConversationT } from './i18n';
import { ReportDialog } from './ReportDialog';

/** While the live stream is not up, the thread is asked for again this often. */
const POLL_MS = 15_000;

/** What checks the copy kept on this device (the thread's schema, loaded apart from the page's first screen). */
const loadThreadCheck = () => import('../../domain/schemas/message').then((s) => (data: unknown) => s.threadSchema.parse(data));

/** A message this page is sending (or could not send): kept, with what was typed, until the server has it. */
interface Outgoing {
  clientKey: string;
  body: string;
  photos: string[];
  status: 'sending' | 'failed';
  error?: string;
}

/** A uuid for a message's clientKey (crypto.randomUUID where the page has it: a secure context). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface ThreadViewProps {
  uid: string;
  kind: ThreadKind;
  threadId: string;
  /** where the enquiry or the booking it is about is shown on this side */
  aboutPath: string;
}

/**
 * A conversation (`@utsav/contracts/conversation`), as either side sees it: the other side's name and what it is about,
 * the messages (the newest 50, and earlier ones on demand), whether the other side has seen yours, and a box to write
 * (text and photos). A message being sent shows as sending, and one that could not be sent keeps its words with
 * "Send again": nothing typed is lost. It follows the live stream (or asks again now and then without it), marks what
 * it shows as read, and offline shows the copy this phone kept, read-only.
 */
export function ThreadView({ uid, kind, threadId, aboutPath }: ThreadViewProps) {
  const t = useConversationT();
  const online = useOnline();
  const live = useLiveStatus();
  const thread = useApi(threadResources.thread(uid, kind, threadId), { refetchOnFocus: true, poll: live === 'open' ? undefined : POLL_MS });
  const saved = useSavedCopy(thread, uid, savedThreadName(kind, threadId), loadThreadCheck);

  if (thread.status === 'error') {
    if (saved)
      return (
        <>
          <Alert role="note" severity="info" sx={{ mb: 2 }}>
            {t('conversation.offline')}
          </Alert>
          <Conversation uid={uid} thread={saved.data} aboutPath={aboutPath} readOnly />
        </>
      );
    return isNotFound(thread.error) ? <Typography>{t('conversation.notFound')}</Typography> : <LoadError message={t('conversation.loadError')} onRetry={thread.retry} />;
  }
  if (thread.status !== 'success') return <Skeleton variant="rounded" height={320} role="status" aria-label={t('conversation.loading')} />;
  return <Conversation uid={uid} thread={thread.data} aboutPath={aboutPath} readOnly={!online} />;
}

interface ConversationProps {
  uid: string;
  thread: Thread;
  aboutPath: string;
  readOnly: boolean;
}

function Conversation({ uid, thread, aboutPath, readOnly }: ConversationProps) {
  const t = useConversationT();
  const locale = useLocale();
  const { subject } = thread;
  const other = subject.role === 'consumer' ? subject.providerName : subject.consumerFirstName;
  // earlier pages, asked for on demand (oldest first), and where the next one starts
  const [earlier, setEarlier] = useState<{ messages: Message[]; before: string | null } | null>(null);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierFailed, setEarlierFailed] = useState(false);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [reporting, setReporting] = useState<Message | null>(null);

  const messages = useMemo(() => {
    const shown = thread.messages.map((message) => message.messageId);
    return [...(earlier?.messages ?? []).filter((message) => !shown.includes(message.messageId)), ...thread.messages];
  }, [earlier, thread.messages]);
  const before = earlier ? earlier.before : thread.before;
  // what the server has is no longer outgoing (its answer, or the live stream, brought it)
  const waiting = outgoing.filter((draft) => !messages.some((message) => message.clientKey === draft.clientKey));

  // what the page shows is read: the newest message of the other side, once per new one, while the page is seen
  const newestTheirs = [...thread.messages].reverse().find((message) => message.from !== subject.role);
  const markedUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (readOnly || !newestTheirs || markedUpTo.current === newestTheirs.messageId) return undefined;
    const mark = () => {
      if (document.visibilityState === 'hidden' || markedUpTo.current === newestTheirs.messageId) return;
      markedUpTo.current = newestTheirs.messageId;
      // a read mark that fails is tried again with the next message or visit
      markThreadRead(subject.kind, subject.threadId, newestTheirs.messageId).catch(() => (markedUpTo.current = null));
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [readOnly, newestTheirs, subject.kind, subject.threadId]);

  // the newest message in view when it arrives
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + waiting.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);

  const showEarlier = async () => {
    if (!before) return;
    setLoadingEarlier(true);
    setEarlierFailed(false);
    try {
      const page = await getThread(subject.kind, subject.threadId, { before });
      setEarlier((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], before: page.before }));
    } catch {
      setEarlierFailed(true);
    } finally {
      setLoadingEarlier(false);
    }
  };

  const send = async (draft: Outgoing) => {
    setOutgoing((list) => [...list.filter((each) => each.clientKey !== draft.clientKey), { ...draft, status: 'sending', error: undefined }]);
    try {
      const message = await sendMessage(subject.kind, subject.threadId, { body: draft.body, photos: draft.photos, clientKey: draft.clientKey });
      showSentMessage(subject.kind, subject.threadId, message);
      setOutgoing((list) => list.filter((each) => each.clientKey !== draft.clientKey));
    } catch (error) {
      setOutgoing((list) => list.map((each) => (each.clientKey === draft.clientKey ? { ...each, status: 'failed', error: errorMessage(error, undefined, locale) } : each)));
    }
  };

  // the other side's newest read message: mine up to it are seen
  const seenIndex = thread.readByOther ? messages.findIndex((message) => message.messageId === thread.readByOther) : -1;
  const lastMine = messages.reduce((last, message, index) => (message.from === subject.role ? index : last), -1);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <SubjectHeader subject={subject} other={other} aboutPath={aboutPath} />
      <Alert role="note" severity={subject.contactsShown ? 'success' : 'info'} variant="outlined" sx={{ py: 0 }}>
        {subject.contactsShown ? t('conversation.contactsShown') : t('conversation.masked')}
      </Alert>
      {before && (
        <Box>
          <Button onClick={showEarlier} disabled={loadingEarlier} sx={{ minHeight: 48 }}>
            {t('conversation.earlier')}
          </Button>
          {earlierFailed && <Typography color="error">{t('conversation.earlierError')}</Typography>}
        </Box>
      )}
      {messages.length === 0 && waiting.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('conversation.empty')}</Typography>
      ) : (
        <Box component="ol" aria-label={t('conversation.messagesLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {messages.map((message, index) => (
            <MessageBubble
              key={message.messageId}
              message={message}
              mine={message.from === subject.role}
              author={message.from === subject.role ? t('conversation.you') : other}
              status={index === lastMine ? (index <= seenIndex ? 'seen' : 'sent') : undefined}
              onReport={readOnly ? undefined : () => setReporting(message)}
            />
          ))}
          {waiting.map((draft) => (
            <OutgoingBubble key={draft.clientKey} draft={draft} onRetry={() => void send(draft)} onDiscard={() => setOutgoing((list) => list.filter((each) => each !== draft))} />
          ))}
        </Box>
      )}
      <div ref={end} />
      <Composer uid={uid} readOnly={readOnly} onSend={(body, photos) => void send({ clientKey: newKey(), body, photos, status: 'sending' })} />
      {reporting && <ReportDialog message={reporting} other={other} onClose={() => setReporting(null)} kind={subject.kind} threadId={subject.threadId} />}
    </Box>
  );
}

function SubjectHeader({ subject, other, aboutPath }: { subject: ThreadSubject; other: string; aboutPath: string }) {
  const t = useConversationT();
  const locale = useLocale();
  const date = formatDate(subject.date, locale);
  return (
    <Box component="header">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {t('conversation.with', { name: other })}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{subject.serviceTitle}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {subject.kind === 'booking'
          ? t('conversation.aboutBooking', { date })
          : t(subject.role === 'consumer' ? 'conversation.aboutEnquiry' : 'conversation.aboutTheirEnquiry', { date })}{' '}
        <Link component={RouterLink} to={aboutPath} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 48 }}>
          {subject.kind === 'enquiry' ? t('conversation.openEnquiry') : t('conversation.openBooking')}
        </Link>
      </Typography>
    </Box>
  );
}

interface MessageBubbleProps {
  message: Message;
  mine: boolean;
  author: string;
  /** under the last of mine: whether the other side has seen it */
  status?: 'sent' | 'seen';
  onReport?: () => void;
}

function MessageBubble({ message, mine, author, status, onReport }: MessageBubbleProps) {
  const t = useConversationT();
  const locale = useLocale();
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography component="p" variant="caption" sx={{ fontWeight: 700 }}>
          {author}
        </Typography>
        {message.body && (
          <Typography component="p" variant="body1" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {message.body}
          </Typography>
        )}
        {message.photos.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
            {message.photos.map((url) => (
              <a key={url} href={url} target="_blank" rel="noreferrer">
                <Box component="img" src={url} alt={t('conversation.photoFrom', { name: author })} loading="lazy" sx={{ width: 120, height: 120, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
              </a>
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}>
        <Typography variant="caption">
          {formatMoment(message.createdAt, locale)}
          {status && ` · ${status === 'seen' ? t('conversation.seen') : t('conversation.sent')}`}
          {message.reported && ` · ${t('conversation.reported')}`}
        </Typography>
        {!mine && onReport && !message.reported && (
          <IconButton onClick={onReport} aria-label={t('conversation.report')} size="small" sx={{ width: 40, height: 40 }}>
            <FlagOutlined fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

function OutgoingBubble({ draft, onRetry, onDiscard }: { draft: Outgoing; onRetry: () => void; onDiscard: () => void }) {
  const t = useConversationT();
  return (
    <Box component="li" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Box sx={{ maxWidth: '85%', px: 1.5, py: 1, borderRadius: 2, bgcolor: 'grey.200', opacity: draft.status === 'sending' ? 0.7 : 1 }}>
        <Typography component="p" variant="caption" sx={{ fontWeight: 700 }}>
          {t('conversation.you')}
        </Typography>
        {draft.body && (
          <Typography component="p" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {draft.body}
          </Typography>
        )}
        {draft.photos.length > 0 && (
          <Typography variant="body2">
            {draft.photos.map((_, index) => t('conversation.photoAttached', { number: index + 1 })).join(', ')}
          </Typography>
        )}
      </Box>
      {draft.status === 'sending' ? (
        <Typography variant="caption" role="status" sx={{ color: 'text.secondary' }}>
          {t('conversation.sending')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
          <Typography variant="caption" color="error" role="alert">
            {t('conversation.notSent', { reason: draft.error ?? '' })}
          </Typography>
          <Box>
            <Button size="small" onClick={onDiscard} sx={{ minHeight: 48 }}>
              {t('conversation.discard')}
            </Button>
            <Button size="small" variant="outlined" onClick={onRetry} sx={{ minHeight: 48 }}>
              {t('conversation.retry')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

interface ComposerProps {
  uid: string;
  readOnly: boolean;
  onSend: (body: string, photos: string[]) => void;
}

/** The box to write in, with photos: what is typed stays while offline (sending waits for the connection). */
function Composer({ uid, readOnly, onSend }: ComposerProps) {
  const t = useConversationT();
  const locale = useLocale();
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [attachError, setAttachError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canSend = !readOnly && !uploading && (body.trim() !== '' || photos.length > 0);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (photos.length >= MESSAGE_PHOTOS_MAX) {
      setAttachError(t('conversation.photosMax', { max: MESSAGE_PHOTOS_MAX }));
      return;
    }
    setUploading(true);
    setAttachError(null);
    try {
      const url = await uploadPhoto(uid, file, file.name);
      setPhotos((list) => [...list, url]);
    } catch (error) {
      setAttachError(t('conversation.attachError', { reason: errorMessage(error, undefined, locale) }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    onSend(body.trim(), photos);
    setBody('');
    setPhotos([]);
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 1, position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1 }}>
      {readOnly && <Typography variant="body2">{t('conversation.offlineCompose')}</Typography>}
      {photos.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {photos.map((url, index) => (
            <Box key={url} sx={{ position: 'relative' }}>
              <Box component="img" src={url} alt={t('conversation.photoAttached', { number: index + 1 })} sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1, display: 'block' }} />
              <IconButton
                onClick={() => setPhotos((list) => list.filter((each) => each !== url))}
                aria-label={t('conversation.removePhoto', { number: index + 1 })}
                size="small"
                sx={{ position: 'absolute', top: -12, right: -12, width: 40, height: 40 }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {uploading && (
        <Typography variant="body2" role="status">
          <CircularProgress size={14} sx={{ mr: 1 }} aria-hidden />
          {t('conversation.attaching')}
        </Typography>
      )}
      {attachError && (
        <Typography variant="body2" color="error" role="alert">
          {attachError}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        <input ref={fileInput} type="file" accept="image/*" hidden onChange={(event) => void attach(event.target.files?.[0])} data-testid="message-photo" />
        <IconButton onClick={() => fileInput.current?.click()} disabled={readOnly || uploading} aria-label={t('conversation.attach')} sx={{ width: 48, height: 48 }}>
          <AddPhotoAlternateOutlined />
        </IconButton>
        <TextField
          label={t('conversation.message')}
          placeholder={t('conversation.placeholder')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          maxRows={5}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
        />
        <IconButton type="submit" color="primary" disabled={!canSend} aria-label={t('conversation.send')} sx={{ width: 48, height: 48 }}>
          <SendRounded />
        </IconButton>
      </Box>
    </Box>
  );
}
