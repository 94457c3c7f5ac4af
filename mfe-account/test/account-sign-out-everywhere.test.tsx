import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, changeLocale, getAddresses, getConsumerProfile, signOut, signOutEverywhere, toast, useSession, type Session } from '@utsav/contracts';
import MyAccountPage from '../src/pages/MyAccount';
import { storedProfile } from './profile-fixture';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useSession: jest.fn(),
  getConsumerProfile: jest.fn(),
  getAddresses: jest.fn(),
  signOut: jest.fn(),
  signOutEverywhere: jest.fn(),
}));

const session: Session = { status: 'signedIn', uid: 'u1', phone: '+919876543210', profile: { status: 'complete', profile: { name: 'Asha Rao' } } };
const stored = storedProfile;

let calls: string[];
let successToast: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  calls = [];
  jest.mocked(useSession).mockReturnValue(session);
  jest.mocked(getConsumerProfile).mockResolvedValue(stored);
  jest.mocked(getAddresses).mockResolvedValue([]);
  jest.mocked(signOutEverywhere).mockImplementation(async () => {
    calls.push('signOutEverywhere');
    return 2;
  });
  jest.mocked(signOut).mockImplementation(async () => {
    calls.push('signOut');
  });
  successToast = jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function renderAccount() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/account" element={<MyAccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

async function openDialog(label = 'Sign out of all devices', title = 'Sign out of all devices?') {
  const { user } = await renderAccount();
  await user.click(await screen.findByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { user, dialog };
}

describe('My Account: Sign out of all devices', () => {
  it('asks first, saying what happens; Cancel signs out nothing', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/signed out here and on every other phone or computer/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signOutEverywhere).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('on confirm ends every session at the API, then signs out here and goes to /login, saying so', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(calls).toEqual(['signOutEverywhere', 'signOut']);
    expect(successToast).toHaveBeenCalledWith('You are signed out of all devices.');
  });

  it('a failure is said in the dialog; this device stays signed in and can try again', async () => {
    jest.mocked(signOutEverywhere).mockRejectedValueOnce(new ApiError(503, 'Your other devices could not all be signed out right now: sign-in could not be reached. Please try again.'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Couldn't sign out of all devices. Your other devices could not all be signed out right now");
    expect(signOut).not.toHaveBeenCalled();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  describe('in Hindi', () => {
    afterEach(async () => {
      await act(() => changeLocale('en-IN'));
    });

    it('the button, the question and the answer are in Hindi', async () => {
      await act(() => changeLocale('hi-IN'));
      const { user, dialog } = await openDialog('सभी डिवाइस से साइन आउट करें', 'सभी डिवाइस से साइन आउट करें?');
      expect(dialog).toHaveAccessibleDescription(/हर उस फ़ोन या कंप्यूटर से साइन आउट/);
      expect(within(dialog).getByRole('button', { name: 'रद्द करें' })).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'हर जगह से साइन आउट करें' }));
      expect(await screen.findByText('Login page')).toBeInTheDocument();
      expect(successToast).toHaveBeenCalledWith('आप सभी डिवाइस से साइन आउट हो गए हैं।');
    });
  });
});
