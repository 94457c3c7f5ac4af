import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  ApiError,
  changeLocale,
  configure,
  getAddresses,
  getConsumerProfile,
  saveLanguage,
  sessionAtom,
  useLocale,
  utsavStore,
  type Session,
} from '@utsav/contracts';
import type { ConsumerProfile } from '@utsav/contracts/schemas';
import LoginPage from '../src/pages/Login';
import MyAccountPage from '../src/pages/MyAccount';
import TermsPage from '../src/pages/Terms';
import { storedProfile } from './profile-fixture';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  getFirebaseAuth: () => ({ name: 'test-auth' }),
}));
// The users service, where every other test of the package mocks it too; here by its module, as the
// contracts' chooseLanguage calls saveLanguage from inside the package (not through its index)
jest.mock('../../shared-contracts/src/client/users-api', () => ({
  ...jest.requireActual('../../shared-contracts/src/client/users-api'),
  getConsumerProfile: jest.fn(),
  getAddresses: jest.fn(),
  saveLanguage: jest.fn(),
}));

// several user steps on full pages each: room for a busy machine
jest.setTimeout(30_000);

const save = jest.mocked(saveLanguage);

const signedIn: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha Rao' } },
};

const stored: ConsumerProfile = { ...storedProfile, language: null };

/** The page's language, as the page itself reads it. */
function LocaleProbe() {
  return <p data-testid="locale">{useLocale()}</p>;
}

function renderAt(url: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/account" element={<MyAccountPage />} />
        <Route path="/terms" element={<TermsPage />} />
      </Routes>
      <LocaleProbe />
    </MemoryRouter>,
  );
  return { user };
}

const languageButton = (name: 'English' | 'हिन्दी') => screen.getByRole('button', { name });

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sessionStorage.clear();
  configure({ supportEmail: 'help@utsav.test' });
  jest.mocked(getConsumerProfile).mockResolvedValue(stored);
  jest.mocked(getAddresses).mockResolvedValue([]);
  save.mockImplementation(async (_uid, language) => ({ ...stored, language }));
});

afterEach(async () => {
  jest.restoreAllMocks();
  // every test starts in English, as a first visit does
  await act(() => changeLocale('en-IN'));
});

describe('The language switch on the Login page', () => {
  beforeEach(() => utsavStore.set(sessionAtom, { status: 'signedOut' }));

  it('offers each language in its own words, English pressed, named "Language" and out of the form', () => {
    renderAt('/login');
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    expect(within(group).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('lang', 'hi');
    // the page is the spec's, word for word
    expect(screen.getByRole('heading', { level: 1, name: 'Phone Verification' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Verification Code' })).toBeEnabled();
  });

  it('turns the page to Hindi, remembered for the profile at sign-in (no request while signed out)', async () => {
    const { user } = renderAt('/login');
    await user.click(languageButton('हिन्दी'));

    expect(await screen.findByRole('heading', { level: 1, name: 'फ़ोन वेरिफ़िकेशन' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'फ़ोन नंबर' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वेरिफ़िकेशन कोड भेजें' })).toBeEnabled();
    expect(screen.getByText(/^जारी रखकर, आप हमारी/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'भाषा' })).toBeInTheDocument();
    expect(languageButton('हिन्दी')).toHaveAttribute('aria-pressed', 'true');
    expect(languageButton('हिन्दी')).toHaveFocus();
    expect(document.cookie).toContain('utsav_lang=hi-IN');
    expect(save).not.toHaveBeenCalled();

    // a check's message comes in Hindi too
    await user.click(screen.getByRole('button', { name: 'वेरिफ़िकेशन कोड भेजें' }));
    expect(screen.getByRole('textbox', { name: 'फ़ोन नंबर' })).toHaveAccessibleDescription('फ़ोन नंबर ज़रूरी है');

    await user.click(languageButton('English'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone Verification' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription('Phone number is required');
  });
});

describe('The language switch in My Account', () => {
  beforeEach(() => utsavStore.set(sessionAtom, signedIn));

  async function openSettings() {
    const view = renderAt('/account?tab=settings');
    const section = await screen.findByRole('region', { name: 'Language' }, { timeout: 5000 });
    return { ...view, section };
  }

  it('sits first in Settings, says what it does, and saves the choice with the profile', async () => {
    let answer: (profile: ConsumerProfile) => void = () => {};
    save.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, section } = await openSettings();
    expect(within(section).getByText(/shown in the language you choose/)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'हिन्दी' }));
    // the page turns at once; the buttons wait for the profile
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeInTheDocument();
    expect(languageButton('हिन्दी')).toBeDisabled();
    expect(languageButton('English')).toBeDisabled();
    expect(save).toHaveBeenCalledWith('u1', 'hi-IN');

    await act(async () => answer({ ...stored, language: 'hi-IN' }));
    expect(languageButton('हिन्दी')).toBeEnabled();
    expect(languageButton('हिन्दी')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('region', { name: 'भाषा' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'सेटिंग्स' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('group', { name: 'सूचनाएँ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मेरा खाता डिलीट करें' })).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the profile could not keep it, and keeps the page in the chosen language', async () => {
    save.mockRejectedValue(new ApiError(503, 'The server is busy.'));
    const { user, section } = await openSettings();
    await user.click(within(section).getByRole('button', { name: 'हिन्दी' }));

    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('भाषा आपके खाते में सेव नहीं हो सकी। इस डिवाइस पर यही भाषा रहेगी। The server is busy.');
    expect(screen.getByTestId('locale')).toHaveTextContent('hi-IN');
    expect(languageButton('हिन्दी')).toHaveAttribute('aria-pressed', 'true');
    expect(languageButton('English')).toBeEnabled();

    // trying again clears the message
    save.mockResolvedValue({ ...stored, language: 'en-IN' });
    await user.click(languageButton('English'));
    await waitFor(() => expect(within(section).queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(save).toHaveBeenLastCalledWith('u1', 'en-IN');
  });
});

describe('The account pages in Hindi', () => {
  it('My Account: headings, tabs, fields and the member-since date', async () => {
    utsavStore.set(sessionAtom, signedIn);
    await act(() => changeLocale('hi-IN'));
    renderAt('/account');
    expect(await screen.findByText('मार्च 2024 से सदस्य', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'मेरा खाता' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'प्रोफ़ाइल' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'पूरा नाम' })).toHaveValue('Asha Rao');
    expect(screen.getByRole('button', { name: 'बदलाव सेव करें' })).toBeInTheDocument();
    expect(await screen.findByText('अभी कोई पता सेव नहीं है। यहाँ या बुकिंग करते समय जोड़ें।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'साइन आउट करें' })).toBeInTheDocument();
  });

  it('Terms of Service: the text, the worked example and the date', async () => {
    await act(() => changeLocale('hi-IN'));
    renderAt('/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'सेवा की शर्तें' })).toBeInTheDocument();
    expect(screen.getByText('पिछला बदलाव: 23 नवंबर 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '4. एडवांस' })).toBeInTheDocument();
    expect(screen.getByText(/₹10,000\.00 की बुकिंग पर यह ₹1,000\.00 \+ ₹20\.00 \+ ₹3\.60 = ₹1,023\.60 अभी/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'help@utsav.test' })[0]).toHaveAttribute('href', 'mailto:help@utsav.test');
  });
});
