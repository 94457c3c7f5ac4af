import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiError,
  getAddresses,
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
import type { ConsumerProfile } from '@utsav/contracts/schemas';
import MyAccountPage from '../src/pages/MyAccount';
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
}));

const mockedUseSession = jest.mocked(useSession);
const getProfile = jest.mocked(getConsumerProfile);
const save = jest.mocked(saveConsumerProfile);
const upload = jest.mocked(uploadPhoto);
const saveSettings = jest.mocked(saveAccountSettings);
const mockedSignOut = jest.mocked(signOut);
const refresh = jest.mocked(refreshProfile);

const PREVIEW_URL = 'blob:http://localhost/preview-1';
const PHOTO_URL = 'https://api.utsav.test/uploads/u1/new.png';

beforeAll(() => {
  // jsdom has no object URLs
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: jest.fn(() => PREVIEW_URL) });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: jest.fn() });
});

const session: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' } },
};

const stored: ConsumerProfile = { ...storedProfile, service: 'Wedding Planning', skippedService: false };

/** what saveConsumerProfile must get for the stored profile: every onboarding field */
const storedInput = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  age: 29,
  gender: 'female',
  phone: '+919876543210',
  profilePhoto: null,
  service: 'Wedding Planning',
  skippedService: false,
};

let successToast: jest.SpyInstance;
let errorToast: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getAddresses).mockResolvedValue([]);
  mockedUseSession.mockReturnValue(session);
  getProfile.mockResolvedValue(stored);
  save.mockImplementation(async (_uid, profile) => ({ ...stored, ...profile }) as ConsumerProfile);
  upload.mockResolvedValue(PHOTO_URL);
  saveSettings.mockResolvedValue(stored);
  mockedSignOut.mockResolvedValue(undefined);
  refresh.mockResolvedValue(undefined);
  successToast = jest.spyOn(toast, 'success').mockReturnValue('t');
  errorToast = jest.spyOn(toast, 'error').mockReturnValue('t');
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="location">{location.pathname + location.search}</p>
      <button type="button" onClick={() => navigate(-1)}>
        History back
      </button>
    </>
  );
}

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

function renderPage(entry = '/account', options: Parameters<typeof userEvent.setup>[0] = {}) {
  const user = userEvent.setup(options);
  render(
    <MemoryRouter initialEntries={['/start', entry]} initialIndex={1}>
      <Routes>
        <Route path="/start" element={<p>Start page</p>} />
        <Route path="/login" element={<LoginStub />} />
        <Route
          path="/account"
          element={
            <>
              <MyAccountPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const nameField = () => screen.getByRole('textbox', { name: 'Full name' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const phoneField = () => screen.getByRole('textbox', { name: 'Phone' });
const saveButton = () => screen.getByRole('button', { name: /^(Save changes|Saving…)$/ });
const photoInput = () => screen.getByLabelText('Change photo');

describe('My Account: loading', () => {
  it('shows skeletons under the My Account heading while the profile loads', () => {
    getProfile.mockReturnValue(new Promise(() => undefined));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My Account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.getByTestId('account-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    expect(getProfile).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
  });

  it('says so when the profile could not be loaded, and Retry loads it again', async () => {
    getProfile.mockRejectedValueOnce(new ApiError(503, 'The server is busy.'));
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your account. The server is busy.");
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao');
    expect(getProfile).toHaveBeenCalledTimes(2);
  });
});

describe('My Account: legal pages', () => {
  it('links the Terms of Service and the Privacy Policy', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: 'Full name' });
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

describe('My Account: Profile tab', () => {
  it('prefills full name, email and a read-only phone explained by its helper text', async () => {
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Full name' })).toHaveValue('Asha Rao');
    expect(emailField()).toHaveValue('asha@example.com');
    expect(phoneField()).toHaveValue('+919876543210');
    expect(phoneField()).toHaveAttribute('readonly');
    expect(phoneField()).toHaveAccessibleDescription("Your sign-in number can't be changed here.");
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });

  it("shows the name and 'Member since' month and year from createdAt", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Asha Rao' })).toBeInTheDocument();
    expect(screen.getByText('Member since March 2024')).toBeInTheDocument();
  });

  it('shows the initials of the name when there is no photo', async () => {
    getProfile.mockResolvedValue({ ...stored, name: 'asha devi rao' });
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'asha devi rao' });
    expect(screen.getByText('AR')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the uploaded photo when there is one', async () => {
    getProfile.mockResolvedValue({ ...stored, profilePhoto: 'https://api.utsav.test/uploads/u1/old.png' });
    renderPage();
    expect(await screen.findByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      'https://api.utsav.test/uploads/u1/old.png',
    );
    expect(screen.queryByText('AR')).not.toBeInTheDocument();
  });

  it("checks the fields with onboarding's messages and sends nothing when they are wrong", async () => {
    const { user } = renderPage();
    await user.clear(await screen.findByRole('textbox', { name: 'Full name' }));
    await user.clear(emailField());
    await user.type(emailField(), 'asha@');
    await user.click(saveButton());
    expect(nameField()).toHaveAccessibleDescription('Full name is required');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Please enter a valid email');
    expect(save).not.toHaveBeenCalled();
  });

  it("sends the whole profile with the change, then toasts 'Profile saved' and refreshes the session", async () => {
    const { user } = renderPage();
    await user.clear(await screen.findByRole('textbox', { name: 'Full name' }));
    await user.type(nameField(), '  Asha R. Rao ');
    await user.click(saveButton());
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Profile saved'));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('u1', { ...storedInput, name: 'Asha R. Rao' });
    expect(refresh).toHaveBeenCalled();
    expect(nameField()).toHaveValue('Asha R. Rao');
    expect(screen.getByRole('heading', { level: 2, name: 'Asha R. Rao' })).toBeInTheDocument();
  });

  it('disables Save changes with Saving… while the profile is saved', async () => {
    const pending = deferred<ConsumerProfile>();
    save.mockReturnValue(pending.promise);
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'm');
    await user.click(saveButton());
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    pending.resolve(stored);
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('on failure toasts the message, keeps what was typed and does not refresh', async () => {
    save.mockRejectedValue(new ApiError(409, 'That email belongs to another account.'));
    const { user } = renderPage();
    await user.clear(await screen.findByRole('textbox', { name: 'Email' }));
    await user.type(emailField(), 'asha.rao@example.com');
    await user.click(saveButton());
    await waitFor(() =>
      expect(errorToast).toHaveBeenCalledWith("Couldn't save your profile. That email belongs to another account."),
    );
    expect(emailField()).toHaveValue('asha.rao@example.com');
    expect(saveButton()).toHaveTextContent('Save changes');
    expect(saveButton()).toBeEnabled();
    expect(successToast).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('My Account: age and gender, as onboarding set them (issue 39)', () => {
  const ageField = () => screen.getByRole('spinbutton', { name: 'Age' });
  const genderGroup = () => screen.getByRole('radiogroup', { name: 'Gender' });

  it('shows the stored age and gender, editable', async () => {
    renderPage();
    expect(await screen.findByRole('spinbutton', { name: 'Age' })).toHaveValue(29);
    expect(ageField()).toHaveAttribute('min', '1');
    expect(ageField()).toBeEnabled();
    expect(within(genderGroup()).getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(within(genderGroup()).getByRole('radio', { name: 'Other' })).toBeEnabled();
  });

  it('saves a new age and gender through the profile update, with everything else unchanged', async () => {
    const { user } = renderPage();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Age' }));
    await user.type(ageField(), '31');
    await user.click(within(genderGroup()).getByRole('radio', { name: 'Other' }));
    await user.click(saveButton());
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Profile saved'));
    expect(save).toHaveBeenCalledWith('u1', { ...storedInput, age: 31, gender: 'other' });
    expect(ageField()).toHaveValue(31);
    expect(within(genderGroup()).getByRole('radio', { name: 'Other' })).toBeChecked();
  });

  it("checks the age as onboarding does (at least 1) and a name's letter, and sends nothing when wrong", async () => {
    const { user } = renderPage();
    await user.clear(await screen.findByRole('spinbutton', { name: 'Age' }));
    await user.type(ageField(), '0');
    await user.clear(nameField());
    await user.type(nameField(), '12345');
    await user.click(saveButton());
    expect(await screen.findByText('Age must be at least 1')).toBeInTheDocument();
    expect(ageField()).toHaveAccessibleDescription('Age must be at least 1');
    expect(nameField()).toHaveAccessibleDescription('Full name must contain at least one letter');
    expect(save).not.toHaveBeenCalled();
  });

  it('takes a name in Hindi', async () => {
    const { user } = renderPage();
    await user.clear(await screen.findByRole('textbox', { name: 'Full name' }));
    await user.type(nameField(), 'आशा राव');
    await user.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledWith('u1', { ...storedInput, name: 'आशा राव' }));
  });
});

describe('My Account: Change photo', () => {
  it('uploads the chosen photo with a progress indicator, then saves it into the whole profile', async () => {
    const pendingUpload = deferred<string>();
    upload.mockReturnValue(pendingUpload.promise);
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Asha Rao' });
    const photo = new File(['png'], 'new.png', { type: 'image/png' });
    await user.upload(photoInput(), photo);

    expect(screen.getByRole('progressbar', { name: 'Uploading photo' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'New profile photo preview' })).toHaveAttribute('src', PREVIEW_URL);
    expect(upload).toHaveBeenCalledWith('u1', photo, 'new.png');
    expect(save).not.toHaveBeenCalled();

    pendingUpload.resolve(PHOTO_URL);
    await waitFor(() => expect(successToast).toHaveBeenCalledWith('Photo updated'));
    expect(save).toHaveBeenCalledWith('u1', { ...storedInput, profilePhoto: PHOTO_URL });
    expect(refresh).toHaveBeenCalled();
    expect(screen.queryByRole('progressbar', { name: 'Uploading photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Your profile photo' })).toHaveAttribute('src', PHOTO_URL);
  });

  it('saves the new photo with the stored name, not a name typed but not yet saved', async () => {
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'xyz');
    await user.upload(photoInput(), new File(['png'], 'new.png', { type: 'image/png' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('u1', { ...storedInput, profilePhoto: PHOTO_URL }));
    expect(nameField()).toHaveValue('Asha Raoxyz');
  });

  it('refuses a file that is not a JPEG, PNG, WebP or GIF image, in words and as a toast', async () => {
    // the picker's accept filter is only a hint: a file of another type can still arrive
    const { user } = renderPage('/account', { applyAccept: false });
    await screen.findByRole('heading', { level: 2, name: 'Asha Rao' });
    expect(photoInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    await user.upload(photoInput(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(photoInput()).toHaveAccessibleDescription('Please choose a JPEG, PNG, WebP or GIF image.');
    expect(errorToast).toHaveBeenCalledWith('Please choose a JPEG, PNG, WebP or GIF image.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB', async () => {
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Asha Rao' });
    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(photoInput(), big);
    expect(photoInput()).toHaveAccessibleDescription('The photo is larger than 5 MB. Please choose a smaller image.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('a failed upload says why, saves nothing and keeps the initials', async () => {
    upload.mockRejectedValue(new ApiError(413, 'That file is too large.'));
    const { user } = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'Asha Rao' });
    await user.upload(photoInput(), new File(['png'], 'new.png', { type: 'image/png' }));
    const message = "Couldn't update your photo. That file is too large.";
    await waitFor(() => expect(photoInput()).toHaveAccessibleDescription(message));
    expect(errorToast).toHaveBeenCalledWith(message);
    expect(save).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByText('AR')).toBeInTheDocument();
    expect(photoInput()).toBeEnabled();
  });
});

describe('My Account: tabs and signing out', () => {
  it('keeps the tab in the URL, replacing the history entry', async () => {
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/account?tab=settings');
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Full name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/account$/);
    expect(nameField()).toBeVisible();
    // the tabs took no history entries of their own: one step back leaves the page
    await user.click(screen.getByRole('button', { name: 'History back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it('opens on Settings from ?tab=settings', async () => {
    renderPage('/account?tab=settings');
    expect(await screen.findByRole('group', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
  });

  it('keeps what was typed on Profile after a look at Settings', async () => {
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' K');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(nameField()).toHaveValue('Asha Rao K');
  });

  it('Sign out signs out, then goes to /login replacing /account', async () => {
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(mockedSignOut).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it('stays and says so when signing out fails', async () => {
    mockedSignOut.mockRejectedValue(new Error('network'));
    const { user } = renderPage();
    await screen.findByRole('textbox', { name: 'Full name' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(expect.stringContaining("Couldn't sign you out.")));
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeEnabled();
  });

  it('sends a signed-out visitor to /login', async () => {
    mockedUseSession.mockReturnValue({ status: 'signedOut' });
    renderPage();
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(getProfile).not.toHaveBeenCalled();
    expect(within(document.body).queryByRole('heading', { name: 'My Account' })).not.toBeInTheDocument();
  });
});
