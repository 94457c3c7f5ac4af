import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { chooseLanguage, errorMessage, LOCALE_NAMES, LOCALES, useChange, useLocale, type Locale } from '@utsav/contracts';
import { useAccountT } from '../../i18n';

/** The `lang` of a language's own name, so a screen reader says 'हिन्दी' in Hindi: 'hi-IN' → 'hi'. */
const langOf = (locale: Locale): string => locale.split('-')[0] ?? locale;

interface Failure {
  /** the language that was chosen */
  locale: Locale;
  error: unknown;
}

interface LanguageSwitchProps {
  /**
   * 'compact': the buttons alone, named by their group (the Login page, out of the phone form's way);
   * 'section': a titled part of My Account's settings, with a line on what the choice does.
   */
  variant?: 'compact' | 'section';
}

/**
 * The language switch (issue 20): each language in its own words and script, the page's one pressed.
 * Choosing one turns the page at once and remembers it on this device and, signed in, with the profile
 * (chooseLanguage); signed out, the profile takes it at sign-in. While that works the buttons are off;
 * a failure says so in words and keeps whatever did happen (the page stays turned when only the save failed).
 */
export function LanguageSwitch({ variant = 'compact' }: LanguageSwitchProps) {
  const t = useAccountT();
  const locale = useLocale();
  const change = useChange(chooseLanguage);
  const choosing = change.pending;
  const [failure, setFailure] = useState<Failure | null>(null);
  const headingId = useId();
  const hintId = useId();
  const groupRef = useRef<HTMLDivElement>(null);
  /** the buttons are disabled while choosing, which drops the focus: give it back to the pressed one */
  const refocus = useRef(false);

  useEffect(() => {
    if (choosing || !refocus.current) return;
    refocus.current = false;
    groupRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
  }, [choosing]);

  async function choose(next: Locale) {
    // a press on the language already on is no change
    if (next === locale || choosing) return;
    refocus.current = groupRef.current?.contains(document.activeElement) ?? false;
    setFailure(null);
    const outcome = await change.run(next);
    if (!outcome.ok && 'error' in outcome) {
      console.error('Choosing the language failed', outcome.error);
      setFailure({ locale: next, error: outcome.error });
    }
  }

  // chooseLanguage turns the page before it saves to the profile: a page already in the chosen language only missed the save
  let problem: string | null = null;
  if (failure) {
    problem = failure.locale === locale ? t('language.notSaved', { reason: errorMessage(failure.error, undefined, locale) }) : t('language.notChanged');
  }

  const section = variant === 'section';
  // two pressable buttons in a group (MUI's Button, already on every page that shows the switch): MUI's
  // ToggleButtonGroup, with its roving tab index, cost Login's first load 5.2 KB gzip for two choices
  const group = (
    <Box
      ref={groupRef}
      role="group"
      aria-label={section ? undefined : t('language.label')}
      aria-labelledby={section ? headingId : undefined}
      aria-describedby={section ? hintId : undefined}
      aria-busy={choosing}
      sx={{ display: 'flex', gap: 1, alignSelf: section ? 'flex-start' : undefined }}
    >
      {LOCALES.map((option) => {
        const pressed = option === locale;
        return (
          <Button
            key={option}
            lang={langOf(option)}
            aria-pressed={pressed}
            variant={pressed ? 'contained' : 'outlined'}
            disabled={choosing}
            disableElevation
            onClick={() => void choose(option)}
            sx={{ minHeight: 48, px: 2.5, textTransform: 'none', fontSize: '0.9375rem' }}
          >
            {LOCALE_NAMES[option]}
          </Button>
        );
      })}
    </Box>
  );
  const alert = problem && (
    <Alert severity="error" role="alert" sx={{ width: '100%' }}>
      {problem}
    </Alert>
  );

  if (section) {
    return (
      <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('language.label')}
        </Typography>
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {t('language.hint')}
        </Typography>
        {group}
        {alert}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {/* the sign people know for "language", beside buttons each in its own script */}
        <TranslateOutlined aria-hidden sx={{ color: 'text.secondary' }} />
        {group}
      </Box>
      {alert}
    </Box>
  );
}
