import { Fragment, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BackButton, getConfig, LegalLinks, monthName, parseIsoDate, useLocale, type Locale } from '@utsav/contracts';
import { useAccountT } from '../../i18n';
import { useLegalT } from './i18n';

/** When each page's text last changed (its 'Last updated'), ISO. */
export const TERMS_UPDATED = '2026-11-23';
/** The profile's language and the device's cookie (issue 20). */
export const PRIVACY_UPDATED = '2026-11-26';

/** '23 November 2026' / '23 नवंबर 2026' */
function legalDate(value: string, locale: Locale): string {
  const date = parseIsoDate(value);
  return date ? `${date.day} ${monthName(date.month, locale)} ${date.year}` : value;
}

/** Where a sentence of the catalogue puts the support address (its `{email}`): a private-use character. */
export const EMAIL = '\uE000';

/**
 * A sentence of the catalogue with its marked parts drawn: `<b>…</b>` in bold, the support address
 * (`{email}`, given as EMAIL) as its mail link. Each language puts them where its word order wants.
 */
export function Rich({ text }: { text: string }) {
  return (
    <>
      {text.split(/(<b>.*?<\/b>|\uE000)/).map((part, index) => {
        if (part === EMAIL) return <SupportEmail key={index} />;
        const bold = /^<b>(.*)<\/b>$/.exec(part);
        return bold ? <strong key={index}>{bold[1]}</strong> : <Fragment key={index}>{part}</Fragment>;
      })}
    </>
  );
}

/** The support address as a mail link (runtime configuration: SUPPORT_EMAIL). */
export function SupportEmail() {
  const email = getConfig().supportEmail;
  return <Link href={`mailto:${email}`}>{email}</Link>;
}

/** One numbered part of a legal page: a heading and its paragraphs or lists. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A paragraph of legal text at reading size. */
export function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ lineHeight: 1.65 }}>{children}</Typography>;
}

/** A bulleted list of legal text. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 1, lineHeight: 1.65 }}>
      {items.map((item, index) => (
        <Typography component="li" key={index} sx={{ lineHeight: 1.65 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The frame of the public legal pages (Terms, Privacy): readable signed out, so outside the signed-in
 * layout; a back arrow (back in the app's history, else Home, which sends a stranger to Login), the
 * title and date, the text at reading width, and the other page linked at the end.
 */
export function LegalPage({ title, updated, summary, children }: { title: string; updated: string; summary: ReactNode; children: ReactNode }) {
  const t = useLegalT();
  const accountT = useAccountT();
  const locale = useLocale();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.paper' }}>
      <Box
        component="header"
        sx={{ position: 'sticky', top: 0, zIndex: 1, display: 'flex', alignItems: 'center', gap: 1, px: 1, minHeight: 56, bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ pl: 1 }}>
          <BackButton />
        </Box>
        <Typography component="p" variant="h6" sx={{ color: 'primary.main', fontWeight: 800 }}>
          {accountT('brand')}
        </Typography>
      </Box>
      <Box component="main" sx={{ maxWidth: 680, mx: 'auto', px: { xs: 2.5, sm: 3 }, py: 3, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 1 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('legal.updated', { date: legalDate(updated, locale) })}
          </Typography>
        </Box>
        <Typography sx={{ fontSize: '1.0625rem', lineHeight: 1.65 }}>{summary}</Typography>
        {children}
        <Divider />
        <LegalLinks />
      </Box>
    </Box>
  );
}
