import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CANCELLATION_TIERS } from '../domain/cancellation-policy';
import { useCommonT } from '../i18n/contracts-messages';

export interface CancellationPolicyProps {
  /** the rules to list: the server's (the cancel dialog's terms, shown as they come) or, by default, the policy's own in the page's language */
  rules?: readonly string[];
  notRefunded?: string;
  /** the heading's level in the page (a dialog's section: 3) */
  headingLevel?: 2 | 3;
}

/**
 * The cancellation policy in words: what comes back of the advance, by how long before the start one cancels,
 * and what never does. Shown on the booking (Order Summary) and before a cancellation is confirmed.
 */
export function CancellationPolicy({ rules, notRefunded, headingLevel = 3 }: CancellationPolicyProps) {
  const t = useCommonT();
  const listed = rules ?? CANCELLATION_TIERS.map((tier) => t(tier.ruleId));
  return (
    <Box>
      <Typography component={`h${headingLevel}`} variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
        {t('cancellation.title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        {listed.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
        <li>{notRefunded ?? t('cancellation.notRefunded')}</li>
      </Box>
    </Box>
  );
}
