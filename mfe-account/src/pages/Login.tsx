import { useEffect } from 'react';
import { Navigate, useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import { paths, POST_LOGIN_REDIRECT_MS, TermsAgreement, useSession, type Session } from '@utsav/contracts';
import { CodeStep } from '../features/login/CodeStep';
import { AccountCardLayout } from '../components/AccountCardLayout';
import { PhoneStep } from '../features/login/PhoneStep';
import { usePhoneSignIn } from '../features/login/use-phone-sign-in';
import { useNextPath } from '../components/next-path';
import { LanguageSwitch } from '../features/language/LanguageSwitch';
import { useAccountT } from '../i18n';

function hasCompleteProfile(session: Session): boolean {
  return session.status === 'signedIn' && session.profile.status === 'complete';
}

/**
 * /login (spec §2 "Login (Phone Verification)"): phone, then the texted code, then `?next=` (a
 * same-origin app path, the page the guard sent the user here from) or home. A new user's next page
 * sends them through onboarding first, which carries `next` on.
 */
export default function LoginPage() {
  const t = useAccountT();
  const session = useSession();
  const navigate = useNavigate();
  const { recaptchaContainerRef, ...signIn } = usePhoneSignIn();
  const verified = signIn.step === 'verified';
  const next = useNextPath() ?? paths.home();

  useEffect(() => {
    if (!verified) return undefined;
    const timer = setTimeout(() => navigate(next, { replace: true }), POST_LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, next]);

  // Someone already signed in and onboarded has nothing to do here. Not after verifying on this
  // page: the success message gets its 2 s even if the profile loads sooner.
  if (!verified && hasCompleteProfile(session)) return <Navigate to={next} replace />;

  return (
    // the language can be chosen before signing in: the profile takes it at sign-in (chooseLanguage)
    <AccountCardLayout title={t('login.title')} below={<LanguageSwitch />}>
      {signIn.error && <Alert severity="error">{t(signIn.error)}</Alert>}
      {verified && (
        <Alert severity="success" role="status">
          {t('login.verified')}
        </Alert>
      )}
      {signIn.step === 'phone' && (
        <PhoneStep
          initialPhone={signIn.phone}
          sending={signIn.pending === 'send'}
          // a number is only remembered once a code went to it: we are back from step 2
          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus moves to the field the user's own step change just showed (code sent, or back to change the number), not on page load
          autoFocus={signIn.phone !== ''}
          onSend={(digits) => void signIn.sendCode(digits)}
        />
      )}
      {signIn.step === 'code' && (
        <CodeStep
          phone={signIn.phone}
          secondsLeft={signIn.secondsLeft}
          verifying={signIn.pending === 'verify'}
          resending={signIn.pending === 'resend'}
          onVerify={(code) => void signIn.verifyCode(code)}
          onResend={signIn.resendCode}
          onChangeNumber={signIn.changeNumber}
        />
      )}
      {!verified && <TermsAgreement lead={t('login.byContinuing')} />}
      {/* Empty, so it shows nothing itself; not display:none, which could hide the reCAPTCHA badge. */}
      <div ref={recaptchaContainerRef} id="recaptcha-container" />
    </AccountCardLayout>
  );
}
