import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CANCELLATION_TIERS, NOT_REFUNDED_RULE } from './cancellation-policy';

const POLICY_RULES = CANCELLATION_TIERS.map((tier) => tier.rule);

export interface CancellationPolicyProps {
  /** the rules to list: the server's (the cancel dialog's terms) or, by default, the policy's own */
  rules?: readonly string[];
  notRefunded?: string;
  /** the heading's level in the page (a dialog's section: 3) */
  headingLevel?: 2 | 3;
}

/**
 * The cancellation policy in words: what comes back of the advance, by how long before the start one cancels,
 * and what never does. Shown on the booking (Order Summary) and before a cancellation is confirmed.
 */
export function CancellationPolicy({ rules = POLICY_RULES, notRefunded = NOT_REFUNDED_RULE, headingLevel = 3 }: CancellationPolicyProps) {
  return (
    <Box>
      <Typography component={`h${headingLevel}`} variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
        Cancellation policy
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
        <li>{notRefunded}</li>
      </Box>
    </Box>
  );
}
