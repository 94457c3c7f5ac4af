import { Link as RouterLink } from '@utsav/contracts/router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from './routes';

// in a row of their own (not inside a sentence) the links get a 48 px tall target
const rowLink = { display: 'inline-flex', alignItems: 'center', minHeight: 48 } as const;

function TermsLink({ row = false }: { row?: boolean }) {
  return (
    <Link component={RouterLink} to={paths.terms()} sx={row ? rowLink : undefined}>
      Terms of Service
    </Link>
  );
}

function PrivacyLink({ row = false }: { row?: boolean }) {
  return (
    <Link component={RouterLink} to={paths.privacy()} sx={row ? rowLink : undefined}>
      Privacy Policy
    </Link>
  );
}

/** "By proceeding, you agree to our Terms of Service and Privacy Policy", both names linking to the pages. */
export function TermsAgreement({ lead = 'By proceeding' }: { lead?: string }) {
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', textAlign: 'center' }}>
      {lead}, you agree to our <TermsLink /> and <PrivacyLink />
    </Typography>
  );
}

/** The two legal pages as a line of links (My Account, the legal pages' own footers). */
export function LegalLinks() {
  return (
    <Typography component="nav" aria-label="Legal" variant="body2" sx={{ display: 'flex', gap: 3, justifyContent: 'center' }}>
      <TermsLink row />
      <PrivacyLink row />
    </Typography>
  );
}
