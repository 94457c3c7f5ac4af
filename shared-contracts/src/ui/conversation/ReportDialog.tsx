import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, toast, useApiCache, useChange, useLocale } from '@utsav/contracts';
import { BusyButton } from '@utsav/contracts/busy-button';
import { reportMessage, threadKeys } from '@utsav/contracts/threads';
import { MESSAGE_REPORT_NOTE_MAX_LENGTH, MESSAGE_REPORT_REASONS, type Message, type MessageReportReason, type Thread, type ThreadKind } from '../../domain/schemas/message';
import { useConversationT } from './i18n';

interface ReportDialogProps {
  message: Message;
  /** who wrote it */
  other: string;
  kind: ThreadKind;
  threadId: string;
  onClose: () => void;
}

/** Why a message of the other side is reported (a reason, and what happened), for the team to look at. */
export function ReportDialog({ message, other, kind, threadId, onClose }: ReportDialogProps) {
  const t = useConversationT();
  const locale = useLocale();
  const cache = useApiCache();
  const [reason, setReason] = useState<MessageReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useChange((chosen: MessageReportReason) => reportMessage(message.messageId, { reason: chosen, note }));

  const submit = async () => {
    if (!reason) return;
    const outcome = await report.run(reason);
    if (!outcome.ok) return;
    cache.update<Thread>(threadKeys.one(kind, threadId), (thread) => ({
      ...thread,
      messages: thread.messages.map((each) => (each.messageId === outcome.value.messageId ? outcome.value : each)),
    }));
    toast.show(t('conversation.reportDone'), { type: 'success' });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullWidth aria-labelledby="report-message-title">
      <DialogTitle id="report-message-title">{t('conversation.reportTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>{t('conversation.reportText', { name: other })}</Typography>
        <FormControl>
          <FormLabel id="report-reason">{t('conversation.reportReason')}</FormLabel>
          <RadioGroup aria-labelledby="report-reason" value={reason ?? ''} onChange={(event) => setReason(event.target.value as MessageReportReason)}>
            {MESSAGE_REPORT_REASONS.map((each) => (
              <FormControlLabel key={each} value={each} control={<Radio />} label={t(`conversation.reason.${each}`)} sx={{ minHeight: 48 }} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('conversation.reportNote')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: MESSAGE_REPORT_NOTE_MAX_LENGTH } }}
        />
        {report.error !== null && (
          <Typography color="error" role="alert">
            {errorMessage(report.error, undefined, locale)}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {t('conversation.reportCancel')}
        </Button>
        <BusyButton variant="contained" color="error" busy={report.pending} disabled={!reason} onClick={() => void submit()}>
          {t('conversation.reportSend')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
