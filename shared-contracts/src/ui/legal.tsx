import { Fragment } from 'react';
import { Link as RouterLink } from '@utsav/contracts/router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCommonT } from '../i18n/contracts-messages';
import { paths } from '../domain/routes';

// in a row of their own (not inside a sentence) the links get a 48 px tall target
const rowLink = { display: 'inline-flex', alignItems: 'center', minHeight: 48 } as const;

function TermsLink({ row = false }: { row?: boolean }) {
  const t = useCommonT();
  return (
    <Link component={RouterLink} to={paths.terms()} sx={row ? rowLink : undefined}>
      {t('legal.terms')}
    </Link>
  );
}

function PrivacyLink({ row = false }: { row?: boolean }) {
  const t = useCommonT();
  return (
    <Link component={RouterLink} to={paths.privacy()} sx={row ? rowLink : undefined}>
      {t('legal.privacy')}
    </Link>
  );
}

// where the sentence's message puts the two links (each language orders its words its own way): private-use characters
const TERMS = '\uE000';
const PRIVACY = '\uE001';

/**
 * "By proceeding, you agree to our Terms of Service and Privacy Policy", both names linking to the pages.
 * `lead` starts the sentence (already in the page's language); 'By proceeding' when not given.
 */
export function TermsAgreement({ lead }: { lead?: string }) {
  const t = useCommonT();
  const sentence = t('legal.agreement', { lead: lead ?? t('legal.byProceeding'), terms: TERMS, privacy: PRIVACY });
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', textAlign: 'center' }}>
      {sentence.split(/([\uE000\uE001])/).map((part, index) => (
        <Fragment key={index}>{part === TERMS ? <TermsLink /> : part === PRIVACY ? <PrivacyLink /> : part}</Fragment>
      ))}
    </Typography>
  );
}

/** The two legal pages as a line of links (My Account, the legal pages' own footers). */
export function LegalLinks() {
  const t = useCommonT();
  return (
    <Typography component="nav" aria-label={t('legal.nav')} variant="body2" sx={{ display: 'flex', gap: 3, justifyContent: 'center' }}>
      <TermsLink row />
      <PrivacyLink row />
    </Typography>
  );
}
