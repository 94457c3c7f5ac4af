import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { formatDate, useLocale } from '@utsav/contracts';
import type { Checklist, ChecklistTask } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from './plan-text';
import { usePlansT } from './i18n';
import { taskTitle } from './budget-text';

interface Props {
  task: ChecklistTask;
  events: Checklist['events'];
  /** offline, or the plan page's preview: no tick box to change, no delete */
  readOnly: boolean;
  /** leave out the event's name (the list is grouped by event) */
  hideEvent?: boolean;
  onMark?: (task: ChecklistTask, done: boolean) => void;
  onDelete?: (task: ChecklistTask) => void;
}

/** One task: its tick box (48 px), what it is, for which event and by when, and whether it is overdue. */
export function TaskRow({ task, events, readOnly, hideEvent = false, onMark, onDelete }: Props) {
  const t = usePlansT();
  const locale = useLocale();
  const title = taskTitle(task, t);
  const event = task.eventId === null ? null : events.find((one) => one.eventId === task.eventId);
  const when = task.doneBy === 'booking' ? t('checklist.doneByBooking') : task.due === null ? t('checklist.noDue') : t('checklist.due', { date: formatDate(task.due, locale) });
  const forWhom = hideEvent ? '' : event ? eventTitle(event, t) : t('checklist.wholePlan');
  return (
    <Box component="li" aria-label={title} sx={{ listStyle: 'none', display: 'flex', alignItems: 'center', gap: 1, minHeight: 48 }}>
      {readOnly ? null : (
        <Checkbox
          checked={task.done}
          disabled={task.doneBy === 'booking'}
          onChange={(_event, checked) => onMark?.(task, checked)}
          slotProps={{ input: { 'aria-label': title } }}
          sx={{ width: 48, height: 48, flexShrink: 0 }}
        />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', textDecoration: task.done ? 'line-through' : 'none', color: task.done ? 'text.secondary' : 'text.primary' }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {inOneLine(forWhom, when)}
        </Typography>
      </Box>
      {task.overdue && <Chip label={t('checklist.overdue')} color="error" size="small" sx={{ flexShrink: 0 }} />}
      {!readOnly && task.key === null && onDelete && (
        <IconButton onClick={() => onDelete(task)} aria-label={t('checklist.delete', { task: title })} sx={{ width: 48, height: 48, flexShrink: 0 }}>
          <DeleteOutlineRounded />
        </IconButton>
      )}
    </Box>
  );
}
