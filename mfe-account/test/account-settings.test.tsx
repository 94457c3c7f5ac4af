import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import {
  ApiError,
  changeLocale,
  getAddresses,
  getEmailVerification,
  requestEmailVerification,
  deleteAccount,
  getConsumerProfile,
  refreshProfile,
  saveAccountSettings,
  saveConsumerProfile,
  signOut,
  toast,
  uploadPhoto,
  useSession,
  type Session,
} from '@utsav/contracts';
import type { ConsumerProfile, NotificationSettings } from '@utsav/contracts/schemas';
import MyAccountPage from '../src/pages/MyAccount';
import { changePassword, hasPasswordSignIn, usePasswordSignIn } from '../src/features/account/password-account';
import { storedProfile } from './profile-fixture';
import { deferred } from '@utsav/contracts/testing';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useSession: jest.fn(),
  getConsumerProfile: jest.fn(),
  saveConsumerProfile: jest.fn(),
  uploadPhoto: jest.fn(),
  saveAccountSettings: jest.fn(),
  deleteAccount: jest.fn(),
  signOut: jest.fn(),
  refreshProfile: jest.fn(),
  getAddresses: jest.fn(),
  getEmailVerification: jest.fn(),
  requestEmailVerification: jest.fn(),
}));

jest.mock('../src/features/account/password-account', () => ({
  ...jest.requireActual('../src/features/account/password-account'),
  usePasswordSignIn: jest.fn(() => false),
  changePassword: jest.fn(),
}));
const withPassword = jest.mocked(usePasswordSignIn);
const mockedChangePassword = jest.mocked(changePassword);

const mockedUseSession = jest.mocked(useSession);
const getProfile = jest.mocked(getConsumerProfile);
const save = jest.mocked(saveConsumerProfile);
const upload = jest.mocked(uploadPhoto);
const saveSettings = jest.mocked(saveAccountSettings);
const mockedDelete = jest.mocked(deleteAccount);
const mockedSignOut = jest.mocked(signOut);
const refresh = jest.mocked(refreshProfile);

const session: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha Rao' } },
};

const stored = storedProfile;

let errorToast: jest.SpyInstance;
let calls: string[];

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getAddresses).mockResolvedValue([]);
  jest.mocked(getEmailVerification).mockResolvedValue({ email: stored.email, verified: true });
  calls = [];
  mockedUseSession.mockReturnValue(session);
  getProfile.mockResolvedValue(stored);
  save.mockResolvedValue(stored);
  upload.mockResolvedValue('https://api.utsav.test/x.png');
  saveSettings.mockImplementation(async (_uid, settings) => ({ ...stored, ...settings }));
  mockedDelete.mockImplementation(async () => {
    calls.push('deleteAccount');
  });
  mockedSignOut.mockImplementation(async () => {
    calls.push('signOut');
  });
  refresh.mockResolvedValue(undefined);
  jest.spyOn(toast, 'success').mockReturnValue('t');
  errorToast = jest.spyOn(toast, 'error').mockReturnValue('t');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function LoginStub() {
  const navigate = useNavigate();
  return (
    <>
      <p>Login page</p>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

async function renderSettings() {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={['/start', '/account?tab=settings']} initialIndex={1}>
      <Routes>
        <Route path="/start" element={<p>Start page</p>} />
        <Route path="/login" element={<LoginStub />} />
        <Route path="/account" element={<MyAccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('group', { name: 'Notifications' });
  return { user, ...view };
}

const box = (name: 'Email' | 'SMS' | 'WhatsApp' | 'Push') =>
  within(screen.getByRole('group', { name: 'Notifications' })).getByRole('checkbox', { name });

function expectChecked(values: NotificationSettings) {
  expect(box('Email')).toHaveProperty('checked', values.email);
  expect(box('SMS')).toHaveProperty('checked', values.sms);
  expect(box('WhatsApp')).toHaveProperty('checked', values.whatsapp ?? false);
  expect(box('Push')).toHaveProperty('checked', values.push);
}

describe('My Account: notifications', () => {
  it('starts Email on, SMS off, WhatsApp off and Push on when the profile has no settings yet', async () => {
    await renderSettings();
    expectChecked({ email: true, sms: false, push: true, whatsapp: false });
  });

  it('WhatsApp: opt-in, says it goes to the number they signed in with, and saves with the others (issue 37, item 6)', async () => {
    const { user } = await renderSettings();
    expect(box('WhatsApp')).not.toBeChecked();
    expect(box('WhatsApp')).toHaveAccessibleDescription('WhatsApp messages go to +919876543210, the number you signed in with.');
    await user.click(box('WhatsApp'));
    expectChecked({ email: true, sms: false, push: true, whatsapp: true });
    expect(saveSettings).toHaveBeenCalledWith('u1', { notifications: { email: true, sms: false, push: true, whatsapp: true } });
    expect(await screen.findByText('Saved')).toHaveAttribute('role', 'status');
    await user.click(box('WhatsApp'));
    expect(saveSettings).toHaveBeenLastCalledWith('u1', { notifications: { email: true, sms: false, push: true, whatsapp: false } });
  });

  it('shows WhatsApp on for a profile that opted in', async () => {
    getProfile.mockResolvedValue({ ...stored, notifications: { email: true, sms: false, push: true, whatsapp: true } });
    await renderSettings();
    expectChecked({ email: true, sms: false, push: true, whatsapp: true });
  });

  it('shows WhatsApp off for a profile from a server older than the switch', async () => {
    getProfile.mockResolvedValue({ ...stored, notifications: { email: true, sms: true, push: true } });
    await renderSettings();
    expectChecked({ email: true, sms: true, push: true, whatsapp: false });
  });

  it("shows the profile's own settings when it has them", async () => {
    getProfile.mockResolvedValue({ ...stored, notifications: { email: false, sms: true, push: false } });
    await renderSettings();
    expectChecked({ email: false, sms: true, push: false });
  });

  it("saves all three at once on a change, shows it at once and says 'Saved' after", async () => {
    const pending = deferred<ConsumerProfile>();
    saveSettings.mockReturnValue(pending.promise);
    const { user } = await renderSettings();
    await user.click(box('SMS'));
    expectChecked({ email: true, sms: true, push: true });
    expect(saveSettings).toHaveBeenCalledTimes(1);
    expect(saveSettings).toHaveBeenCalledWith('u1', { notifications: { email: true, sms: true, push: true, whatsapp: false } });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    pending.resolve(stored);
    expect(await screen.findByText('Saved')).toHaveAttribute('role', 'status');
  });

  it('keeps a saved change after switching tabs', async () => {
    const { user } = await renderSettings();
    await user.click(box('Email'));
    await screen.findByText('Saved');
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expectChecked({ email: false, sms: false, push: true });
  });

  it('puts the last saved values back and toasts the error when saving fails', async () => {
    const { user } = await renderSettings();
    await user.click(box('Push'));
    await screen.findByText('Saved');
    saveSettings.mockRejectedValueOnce(new ApiError(503, 'The server is busy.'));
    await user.click(box('SMS'));
    expect(saveSettings).toHaveBeenLastCalledWith('u1', { notifications: { email: true, sms: true, push: false, whatsapp: false } });
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith("Couldn't save your notification settings. The server is busy."),
    );
    expectChecked({ email: true, sms: false, push: false });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('My Account: Change Password (issue 39: only for an account with a password)', () => {
  const passwordField = (label: string) => screen.getByLabelText(label);

  it('is not shown to a phone-only account', async () => {
    withPassword.mockReturnValue(false);
    await renderSettings();
    expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update password' })).not.toBeInTheDocument();
  });

  it('tells a password sign-in from a phone-only one by the Firebase user’s providers', () => {
    expect(hasPasswordSignIn({ providerData: [{ providerId: 'phone' }] } as never)).toBe(false);
    expect(hasPasswordSignIn({ providerData: [] } as never)).toBe(false);
    expect(hasPasswordSignIn(null)).toBe(false);
    expect(hasPasswordSignIn({ providerData: [{ providerId: 'phone' }, { providerId: 'password' }] } as never)).toBe(true);
  });

  it('shows the spec’s form to an account with a password, checks it, and changes the password', async () => {
    withPassword.mockReturnValue(true);
    mockedChangePassword.mockResolvedValue(undefined);
    const success = jest.spyOn(toast, 'success').mockReturnValue('t');
    const { user } = await renderSettings();
    expect(screen.getByRole('heading', { level: 2, name: 'Change Password' })).toBeInTheDocument();
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(passwordField(label)).toBeEnabled();
      expect(passwordField(label)).toHaveAttribute('type', 'password');
    }

    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(passwordField('Current password')).toHaveAccessibleDescription('Enter your current password');
    expect(passwordField('New password')).toHaveAccessibleDescription('The new password needs at least 6 characters');
    await user.type(passwordField('Current password'), 'old-secret');
    await user.type(passwordField('New password'), 'new-secret');
    await user.type(passwordField('Confirm new password'), 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(passwordField('Confirm new password')).toHaveAccessibleDescription("The new passwords don't match");
    expect(mockedChangePassword).not.toHaveBeenCalled();

    await user.clear(passwordField('Confirm new password'));
    await user.type(passwordField('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Password updated'));
    expect(mockedChangePassword).toHaveBeenCalledWith('old-secret', 'new-secret');
    expect(passwordField('Current password')).toHaveValue('');
  });

  it('says so under the field when the current password is wrong, and in words for other failures', async () => {
    withPassword.mockReturnValue(true);
    mockedChangePassword.mockRejectedValueOnce({ code: 'auth/invalid-credential' }).mockRejectedValueOnce({ code: 'auth/network-request-failed' });
    const { user } = await renderSettings();
    await user.type(passwordField('Current password'), 'not-it');
    await user.type(passwordField('New password'), 'new-secret');
    await user.type(passwordField('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(passwordField('Current password')).toHaveAccessibleDescription('Your current password is not right'));

    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't update your password. Can't reach the sign-in service. Check your connection and try again.",
    );
    expect(passwordField('New password')).toHaveValue('new-secret');
  });
});

describe('My Account: Danger Zone', () => {
  async function openDialog() {
    const view = await renderSettings();
    expect(screen.getByRole('heading', { level: 2, name: 'Danger Zone' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    return { ...view, dialog };
  }

  it('asks for confirmation, saying what goes and what stays, and enables the button only for DELETE', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/profile, your profile photo, your saved addresses, your cart and your sign-in/);
    expect(dialog).toHaveTextContent(
      'Bookings you have paid for stay with their providers for their records, without your personal details.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    const field = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });
    expect(confirm).toBeDisabled();
    await user.type(field, 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'DELETE');
    expect(confirm).toBeEnabled();
    expect(mockedDelete).not.toHaveBeenCalled();
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockedDelete).not.toHaveBeenCalled();
  });

  it('on confirm deletes the account, then signs out, then goes to /login replacing /account', async () => {
    const signingOut = deferred<void>();
    mockedSignOut.mockImplementation(() => {
      calls.push('signOut');
      return signingOut.promise;
    });
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' }), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(mockedSignOut).toHaveBeenCalled());
    // not before the sign-out is done
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeDisabled();
    signingOut.resolve();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(mockedDelete).toHaveBeenCalledWith('u1');
    expect(calls).toEqual(['deleteAccount', 'signOut']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it('a failed deletion is said in the dialog and as a toast; nothing is signed out or lost', async () => {
    mockedDelete.mockRejectedValue(new ApiError(500, 'Something broke on our side.'));
    const { user, dialog } = await openDialog();
    const field = within(dialog).getByRole('textbox', { name: 'Type DELETE to confirm' });
    await user.type(field, 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const message = 'Your account was not deleted. Something broke on our side.';
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(errorToast).toHaveBeenCalledWith(message);
    expect(mockedSignOut).not.toHaveBeenCalled();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    expect(field).toHaveValue('DELETE');
    expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });
});

describe('My Account: the email notifications go to is verified first (issue 34)', () => {
  const unverified = { email: 'asha@example.com', verified: false };

  it('says an unverified address gets no emails yet, and sends the link again', async () => {
    jest.mocked(getEmailVerification).mockResolvedValue(unverified);
    jest.mocked(requestEmailVerification).mockResolvedValue(unverified);
    const { user } = await renderSettings();
    const group = screen.getByRole('group', { name: 'Notifications' });
    expect(
      await within(group).findByText('asha@example.com is not verified yet: we send no emails to it until you open the link we sent there.'),
    ).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Send the link again' }));
    expect(requestEmailVerification).toHaveBeenCalledWith('u1');
    expect(await within(group).findByText('We sent a link to asha@example.com. Open it to verify your email.')).toHaveAttribute('role', 'status');
  });

  it('a verified address says so, with no button', async () => {
    await renderSettings();
    const group = screen.getByRole('group', { name: 'Notifications' });
    expect(await within(group).findByText('asha@example.com is verified.')).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it("a refused resend says why (the API's message)", async () => {
    jest.mocked(getEmailVerification).mockResolvedValue(unverified);
    jest.mocked(requestEmailVerification).mockRejectedValue(new ApiError(429, 'A verification link was sent less than a minute ago.'));
    const { user } = await renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith("Couldn't send the link. A verification link was sent less than a minute ago."),
    );
  });

  it('in Hindi', async () => {
    jest.mocked(getEmailVerification).mockResolvedValue(unverified);
    jest.mocked(requestEmailVerification).mockResolvedValue(unverified);
    await changeLocale('hi-IN');
    try {
      const user = userEvent.setup();
      render(
        <MemoryRouter initialEntries={['/account?tab=settings']}>
          <Routes>
            <Route path="/account" element={<MyAccountPage />} />
          </Routes>
        </MemoryRouter>,
      );
      expect(
        await screen.findByText('asha@example.com अभी सत्यापित नहीं है: जब तक आप वहां भेजा गया लिंक नहीं खोलते, हम उस पर कोई ईमेल नहीं भेजते।', {}, { timeout: 5000 }),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'लिंक फिर से भेजें' }));
      expect(await screen.findByText('हमने asha@example.com पर एक लिंक भेजा है। अपना ईमेल सत्यापित करने के लिए उसे खोलें।')).toBeInTheDocument();
    } finally {
      await changeLocale('en-IN');
    }
  });
});
