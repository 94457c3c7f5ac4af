import Alert from '@mui/material/Alert';
import { formatMoment, useLocale } from '@utsav/contracts';
import { usePlansT } from './i18n';

/** What checks the saved copies (the schemas, with zod): no part of a page's first screen, so loaded apart from it. */
export const loadPlansCheck = () => import('@utsav/contracts/schemas').then((schemas) => (data: unknown) => schemas.planListSchema.parse(data));
export const loadShortlistCheck = () => import('@utsav/contracts/schemas').then((schemas) => (data: unknown) => schemas.shortlistSchema.parse(data));

/** Why the plans or the shortlist cannot be changed now, and (for a copy kept on this device) since when it is as shown. */
export function ReadOnlyNote({ what, savedAt }: { what: 'plans' | 'shortlist'; savedAt?: string }) {
  const t = usePlansT();
  const locale = useLocale();
  const text = savedAt
    ? t(what === 'plans' ? 'plans.readOnlySaved' : 'shortlist.readOnlySaved', { savedAt: formatMoment(new Date(savedAt), locale) })
    : t(what === 'plans' ? 'plans.readOnly' : 'shortlist.readOnly');
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}
