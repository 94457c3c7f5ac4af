import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Facts, formatINR } from '@utsav/contracts';
import type { PlanBudget } from '@utsav/contracts/schemas';
import { usePlansT } from './i18n';

type Figures = Pick<PlanBudget, 'budget' | 'booked' | 'paid' | 'quoted' | 'remaining' | 'overBudget' | 'overWithQuotes'>;

/** A budget's figures as the server added them up (never worked out here), and whether it is over. */
export function BudgetFigures({ figures, allocated }: { figures: Figures; allocated?: number }) {
  const t = usePlansT();
  const rows: [string, string][] = [
    [t('budget.planBudget'), figures.budget === null ? t('budget.notSet') : formatINR(figures.budget)],
    ...(allocated === undefined || allocated === 0 ? [] : [[t('budget.allocated'), formatINR(allocated)] as [string, string]]),
    [t('budget.booked'), formatINR(figures.booked)],
    [t('budget.paid'), formatINR(figures.paid)],
    [t('budget.quoted'), formatINR(figures.quoted)],
    ...(figures.remaining === null ? [] : [[t('budget.remaining'), formatINR(figures.remaining)] as [string, string]]),
  ];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Facts dense receipt rows={rows} />
      {figures.overBudget && figures.remaining !== null && (
        <Alert severity="warning" sx={{ py: 0 }}>
          {t('budget.over', { amount: formatINR(-figures.remaining) })}
        </Alert>
      )}
      {!figures.overBudget && figures.overWithQuotes && (
        <Alert severity="info" sx={{ py: 0 }}>
          {t('budget.overWithQuotes')}
        </Alert>
      )}
    </Box>
  );
}
