import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { RecaptchaVerifier, signInWithPhoneNumber, type ConfirmationResult } from 'firebase/auth';
import { sessionAtom, utsavStore, type Session } from '@utsav/contracts';
import LoginPage from '../src/pages/Login';

jest.mock('firebase/auth', () => ({
  ...jest.requireActual('firebase/auth'),
  signInWithPhoneNumber: jest.fn(),
  RecaptchaVerifier: jest.fn(),
}));

const mockAuth = { name: 'test-auth' };
jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  getFirebaseAuth: () => mockAuth,
}));

const clearVerifier = jest.fn();
const confirm = jest.fn();
const sendCode = jest.mocked(signInWithPhoneNumber);

const signedInComplete: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha' } },
};

/** Home has a Back button, so a test can tell whether /login was replaced in the history. */
function Home() {
  const navigate = useNavigate();
  return (
    <>
      <p>Home page</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function ServicePage() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p>Service page {`${location.pathname}${location.search}`}</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

function renderLogin(url = '/login') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = render(
    <MemoryRouter initialEntries={['/start', url]} initialIndex={1}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/start" element={<p>Start page</p>} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/service/:serviceId" element={<ServicePage />} />
        <Route path="/terms" element={<p>Terms page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

const phoneField = () => screen.getByRole('textbox', { name: 'Phone Number' });
const codeField = () => screen.getByRole('textbox', { name: 'Verification Code' });
const resendButton = () => screen.getByRole('button', { name: /^Resend Code/ });

async function goToCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(phoneField(), '9876543210');
  await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
  return screen.findByRole('textbox', { name: 'Verification Code' });
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
  jest.mocked(RecaptchaVerifier).mockImplementation(
    () => ({ type: 'recaptcha', clear: clearVerifier }) as unknown as RecaptchaVerifier,
  );
  sendCode.mockResolvedValue({ verificationId: 'v1', confirm } as unknown as ConfirmationResult);
  confirm.mockResolvedValue({ user: { uid: 'u1' } });
  utsavStore.set(sessionAtom, { status: 'signedOut' });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('Login, step 1: phone number', () => {
  it('shows the product, the heading, a +91 phone field and the send button', () => {
    renderLogin();
    expect(screen.getByText('Utsav')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Phone Verification' })).toBeInTheDocument();
    const field = phoneField();
    expect(field).toHaveAttribute('maxLength', '15');
    expect(field).toHaveAttribute('inputMode', 'numeric');
    expect(field).toHaveAttribute('autoComplete', 'tel-national');
    // eslint-disable-next-line testing-library/no-node-access -- the +91 adornment has no role: the check is that it sits inside the field's own frame
    expect(field.closest('.MuiInputBase-root')).toHaveTextContent('+91');
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeEnabled();
    // eslint-disable-next-line testing-library/no-node-access -- reCAPTCHA's mount point is an empty div by design (no role); Firebase needs this element
    expect(document.getElementById('recaptcha-container')).toBeEmptyDOMElement();
  });

  it('requires a phone number', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(phoneField()).toHaveAttribute('aria-invalid', 'true');
    expect(phoneField()).toHaveAccessibleDescription('Phone number is required');
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('rejects a number of fewer than 10 digits', async () => {
    const { user } = renderLogin();
    await user.type(phoneField(), '987654321');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(phoneField()).toHaveAccessibleDescription('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9');
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('sends no code to a number that is not an Indian mobile number', async () => {
    const { user } = renderLogin();
    await user.type(phoneField(), '5876543210');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(phoneField()).toHaveAccessibleDescription('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9');
    await user.clear(phoneField());
    await user.type(phoneField(), '98765432101');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(phoneField()).toHaveAccessibleDescription('Please enter a valid 10-digit mobile number starting with 6, 7, 8 or 9');
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('clears the field message once the number is edited', async () => {
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await user.type(phoneField(), '9');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Phone number is required')).not.toBeInTheDocument();
  });

  it('strips non-digits as they are typed and stops at 15 characters', async () => {
    const { user } = renderLogin();
    await user.type(phoneField(), '98a7-6 5(4)3x210');
    expect(phoneField()).toHaveValue('9876543210');
    await user.clear(phoneField());
    await user.type(phoneField(), '12345678901234567890');
    expect(phoneField()).toHaveValue('123456789012345');
  });

  it('sends the code to +91 and the digits through an invisible reCAPTCHA, showing progress', async () => {
    let answer: (value: ConfirmationResult) => void = () => {};
    sendCode.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderLogin();
    await user.type(phoneField(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    const sending = screen.getByRole('button', { name: /Sending…/ });
    expect(sending).toBeDisabled();
    expect(within(sending).getByRole('progressbar')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- reCAPTCHA's mount point is an empty div by design (no role); Firebase needs this element
    const container = document.getElementById('recaptcha-container');
    // rendered into an element of its own inside the page's container
    // eslint-disable-next-line testing-library/no-node-access -- the verifier's own element, inside the container (no role either)
    const element = container?.firstElementChild;
    expect(RecaptchaVerifier).toHaveBeenCalledWith(mockAuth, element, { size: 'invisible' });
    // eslint-disable-next-line testing-library/no-node-access -- one element: the verifier's
    expect(container?.childElementCount).toBe(1);
    expect(sendCode).toHaveBeenCalledWith(mockAuth, '+919876543210', expect.objectContaining({ type: 'recaptcha' }));

    await act(async () => answer({ verificationId: 'v1', confirm } as unknown as ConfirmationResult));
    expect(codeField()).toHaveFocus();
    expect(screen.getByText('We sent a code to +91 9876543210.')).toBeInTheDocument();
  });

  it('shows a send failure in plain words in a red box and stays on step 1', async () => {
    sendCode.mockRejectedValue({ code: 'auth/too-many-requests', message: 'Firebase: Error (auth/too-many-requests).' });
    const { user } = renderLogin();
    await user.type(phoneField(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Please wait a few minutes and try again.');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(screen.queryByText(/auth\//)).not.toBeInTheDocument();
    expect(phoneField()).toHaveValue('9876543210');
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeEnabled();
  });
});

describe('Login, step 2: verification code', () => {
  it('offers a 6-digit one-time-code field', async () => {
    const { user } = renderLogin();
    const field = await goToCodeStep(user);
    expect(field).toHaveAttribute('placeholder', 'Enter 6-digit code');
    expect(field).toHaveAttribute('maxLength', '6');
    expect(field).toHaveAttribute('inputMode', 'numeric');
    expect(field).toHaveAttribute('autoComplete', 'one-time-code');
    await user.type(field, '1a2-3 4567');
    expect(field).toHaveValue('123456');
  });

  it('requires the code', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription('OTP is required');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('requires exactly 6 digits', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.type(codeField(), '12345');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    expect(codeField()).toHaveAccessibleDescription('OTP must be 6 digits');
    expect(confirm).not.toHaveBeenCalled();
  });

  it('blocks resend while the 60 s countdown runs, then allows it', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Resend Code (60s)');

    act(() => jest.advanceTimersByTime(1000));
    expect(resendButton()).toHaveTextContent('Resend Code (59s)');
    expect(resendButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(58_000));
    expect(resendButton()).toHaveTextContent('Resend Code (1s)');
    expect(resendButton()).toBeDisabled();

    act(() => jest.advanceTimersByTime(1000));
    expect(resendButton()).toHaveTextContent(/^Resend Code$/);
    expect(resendButton()).toBeEnabled();
  });

  it('resending sends a new code to the same number, resets the countdown to 60 and clears the code', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    act(() => jest.advanceTimersByTime(60_000));
    await user.type(codeField(), '111111');

    await user.click(resendButton());

    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(sendCode).toHaveBeenLastCalledWith(mockAuth, '+919876543210', expect.anything());
    // a fresh reCAPTCHA per request, the one before cleared
    expect(RecaptchaVerifier).toHaveBeenCalledTimes(2);
    expect(clearVerifier).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Resend Code (60s)' })).toBeDisabled();
    expect(codeField()).toHaveValue('');
  });

  it('keeps the typed code when a resend fails', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    act(() => jest.advanceTimersByTime(60_000));
    await user.type(codeField(), '111111');
    sendCode.mockRejectedValueOnce({ code: 'auth/network-request-failed' });

    await user.click(resendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Can't reach the sign-in service. Check your connection and try again.",
    );
    expect(codeField()).toHaveValue('111111');
    expect(resendButton()).toBeEnabled();
  });

  it('goes back to step 1 with the number kept when "Change number" is pressed', async () => {
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(phoneField()).toHaveValue('9876543210');
    expect(phoneField()).toHaveFocus();
    expect(screen.queryByRole('textbox', { name: 'Verification Code' })).not.toBeInTheDocument();
  });

  it('shows a wrong code in plain words and lets the user try again', async () => {
    confirm.mockRejectedValueOnce({ code: 'auth/invalid-verification-code', message: 'Firebase: Error.' });
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right. Check the SMS and try again.');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(clearVerifier).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Verify Phone Number' })).toBeEnabled();
  });

  it('verifies, shows the green message and goes home after 2 s, replacing /login', async () => {
    let answer: (value: unknown) => void = () => {};
    confirm.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    const verifying = screen.getByRole('button', { name: /Verifying…/ });
    expect(verifying).toBeDisabled();
    expect(within(verifying).getByRole('progressbar')).toBeInTheDocument();

    await act(async () => answer({ user: { uid: 'u1' } }));
    expect(confirm).toHaveBeenCalledWith('123456');
    const success = screen.getByRole('status');
    expect(success).toHaveTextContent('Phone number verified successfully!');
    expect(success).toHaveClass('MuiAlert-colorSuccess');
    expect(clearVerifier).toHaveBeenCalledTimes(1);

    // the profile may load before the 2 s are up: the message still gets its time
    act(() => utsavStore.set(sessionAtom, signedInComplete));
    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('Home page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });
});

/**
 * The Auth emulator's stand-in reCAPTCHA, as Firebase drives it: signInWithPhoneNumber asks the verifier
 * for a token, then resets it; the stand-in forgets its widget on that reset, so a verifier asked again
 * never answers (issue 39: after "Change number" the button stayed on "Sending…").
 */
function emulatorLikeVerifiers() {
  jest.mocked(RecaptchaVerifier).mockImplementation(() => {
    let widget = true;
    return {
      type: 'recaptcha',
      clear: clearVerifier,
      verify: () => (widget ? Promise.resolve('token') : new Promise<string>(() => {})),
      _reset: () => {
        widget = false;
      },
    } as unknown as RecaptchaVerifier;
  });
  const confirmations = new Map<string, jest.Mock>();
  sendCode.mockImplementation(async (_auth, phoneNumber, verifier) => {
    const internal = verifier as unknown as { verify: () => Promise<string>; _reset: () => void };
    try {
      await internal.verify();
      const confirmThis = jest.fn().mockResolvedValue({ user: { uid: `uid-${phoneNumber}` } });
      confirmations.set(phoneNumber, confirmThis);
      return { verificationId: `v-${phoneNumber}`, confirm: confirmThis } as unknown as ConfirmationResult;
    } finally {
      internal._reset();
    }
  });
  return confirmations;
}

describe('Login, every path of the phone step ends', () => {
  it('changing the number sends a new code to the new number, which then signs in', async () => {
    const confirmations = emulatorLikeVerifiers();
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    await user.clear(phoneField());
    await user.type(phoneField(), '9123456780');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    expect(await screen.findByText('We sent a code to +91 9123456780.')).toBeInTheDocument();
    expect(sendCode).toHaveBeenLastCalledWith(mockAuth, '+919123456780', expect.anything());
    expect(screen.queryByRole('button', { name: /Sending…/ })).not.toBeInTheDocument();

    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
    expect(confirmations.get('+919123456780')).toHaveBeenCalledWith('123456');
    expect(confirmations.get('+919876543210')).not.toHaveBeenCalled();
  });

  it('resending through the same page sends again (no reCAPTCHA is reused)', async () => {
    emulatorLikeVerifiers();
    const { user } = renderLogin();
    await goToCodeStep(user);
    act(() => jest.advanceTimersByTime(60_000));
    await user.click(resendButton());
    expect(await screen.findByRole('button', { name: 'Resend Code (60s)' })).toBeDisabled();
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a send that never answers times out with a clear message, and a new try goes out', async () => {
    sendCode.mockReturnValueOnce(new Promise<ConfirmationResult>(() => {}));
    const { user } = renderLogin();
    await user.type(phoneField(), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(screen.getByRole('button', { name: /Sending…/ })).toBeDisabled();

    await act(async () => jest.advanceTimersByTime(59_999));
    expect(screen.getByRole('button', { name: /Sending…/ })).toBeDisabled();
    await act(async () => jest.advanceTimersByTime(1));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'The code could not be sent: the sign-in service did not answer. Check your connection and try again.',
    );
    expect(clearVerifier).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByRole('textbox', { name: 'Verification Code' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an expired code says so and lets a new code be asked for at once', async () => {
    confirm.mockRejectedValueOnce({ code: 'auth/code-expired', message: 'Firebase: Error.' });
    const { user } = renderLogin();
    await goToCodeStep(user);
    expect(resendButton()).toBeDisabled();
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That code has expired. Tap Resend Code to get a new one.');
    expect(resendButton()).toHaveTextContent(/^Resend Code$/);
    await user.click(resendButton());
    expect(sendCode).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'Resend Code (60s)' })).toBeDisabled();
  });

  it('a wrong code keeps the user on the code step, free to try again, resend later or change the number', async () => {
    confirm.mockRejectedValueOnce({ code: 'auth/invalid-verification-code', message: 'Firebase: Error.' });
    const { user } = renderLogin();
    await goToCodeStep(user);
    await user.type(codeField(), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Verify Phone Number' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change number' })).toBeEnabled();
    await user.clear(codeField());
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    expect(await screen.findByText('Phone number verified successfully!')).toBeInTheDocument();
  });
});

describe('Login, session', () => {
  it('goes home at once, replacing /login, for a signed-in user with a complete profile', async () => {
    utsavStore.set(sessionAtom, signedInComplete);
    const { user } = renderLogin();
    expect(screen.getByText('Home page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it('stays for a signed-in user whose profile is still being checked', () => {
    utsavStore.set(sessionAtom, { ...signedInComplete, profile: { status: 'checking' } });
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Phone Verification' })).toBeInTheDocument();
  });

  it('clears the reCAPTCHA when the page goes away', async () => {
    const { user, unmount } = renderLogin();
    await goToCodeStep(user);
    expect(clearVerifier).not.toHaveBeenCalled();
    unmount();
    expect(clearVerifier).toHaveBeenCalledTimes(1);
  });
});

describe('Login, deep links (?next=)', () => {
  async function verify(user: ReturnType<typeof userEvent.setup>) {
    await goToCodeStep(user);
    await user.type(codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify Phone Number' }));
    await screen.findByText('Phone number verified successfully!');
  }

  it('goes to the page the user was going to after the 2 s, replacing /login', async () => {
    const { user } = renderLogin(`/login?next=${encodeURIComponent('/service/s1?tab=reviews')}`);
    await verify(user);
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText('Service page /service/s1?tab=reviews')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login'])(
    'goes home when next is not a page of the app (%s)',
    async (next) => {
      const { user } = renderLogin(`/login?next=${encodeURIComponent(next)}`);
      await verify(user);
      act(() => jest.advanceTimersByTime(2000));
      expect(screen.getByText('Home page')).toBeInTheDocument();
    },
  );

  it('sends someone already signed in and onboarded straight to next', () => {
    utsavStore.set(sessionAtom, signedInComplete);
    renderLogin('/login?next=%2Fservice%2Fs9');
    expect(screen.getByText('Service page /service/s9')).toBeInTheDocument();
  });
});

describe('Login, legal links', () => {
  it('links the Terms of Service and the Privacy Policy under the form', async () => {
    const { user } = renderLogin();
    const agreement = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'By continuing, you agree to our Terms of Service and Privacy Policy');
    expect(within(agreement).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await user.click(within(agreement).getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByText('Terms page')).toBeInTheDocument();
  });
});
