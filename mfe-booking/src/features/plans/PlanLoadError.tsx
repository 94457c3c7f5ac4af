import { Link as RouterLink } from '@utsav/contracts/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isNotFound, LoadError, paths } from '@utsav/contracts';
import { usePlansT } from './i18n';

/**
 * What a plan's page (the plan, its budget, its checklist) says when its answer failed with nothing kept on the
 * device: a plan that is not there (deleted, or another person's) leads back to the plans; anything else can be tried again.
 */
export function PlanLoadError({ error, message, onRetry }: { error: unknown; message: string; onRetry: () => void }) {
  const t = usePlansT();
  if (!isNotFound(error)) return <LoadError message={message} onRetry={onRetry} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <Typography>{t('plans.notFound')}</Typography>
      <Button component={RouterLink} to={paths.plans()} variant="outlined" sx={{ minHeight: 48 }}>
        {t('plans.backToPlans')}
      </Button>
    </Box>
  );
}
