import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  ApiError,
  changeLocale,
  refreshProfile,
  saveConsumerProfile,
  signOut,
  uploadPhoto,
  useSession,
  type Session,
} from '@utsav/contracts';
import type { ConsumerProfile } from '@utsav/contracts/schemas';
import OnboardingPage from '../src/pages/Onboarding';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useSession: jest.fn(),
  saveConsumerProfile: jest.fn(),
  uploadPhoto: jest.fn(),
  refreshProfile: jest.fn(),
  signOut: jest.fn(),
}));

const mockedUseSession = jest.mocked(useSession);
const save = jest.mocked(saveConsumerProfile);
const upload = jest.mocked(uploadPhoto);
const refresh = jest.mocked(refreshProfile);

const PREVIEW_URL = 'blob:http://localhost/preview-1';
const PHOTO_URL = 'https://api.utsav.test/uploads/u1/photo.png';

const createObjectURL = jest.fn((_file: Blob) => PREVIEW_URL);
const revokeObjectURL = jest.fn((_url: string) => undefined);

beforeAll(() => {
  // jsdom has no object URLs
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: createObjectURL });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revokeObjectURL });
});

const incomplete: Session = { status: 'signedIn', uid: 'u1', phone: '+919876543210', profile: { status: 'incomplete' } };

let session: Session;

beforeEach(() => {
  jest.clearAllMocks();
  session = incomplete;
  mockedUseSession.mockImplementation(() => session);
  save.mockResolvedValue({} as ConsumerProfile);
  upload.mockResolvedValue(PHOTO_URL);
  refresh.mockResolvedValue(undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

/** Home has a Back button, so a test can tell whether /onboarding was replaced in the history. */
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

/** Shows where the app went, query included. */
function Where({ page }: { page: string }) {
  const location = useLocation();
  return <p>{`${page} ${location.pathname}${location.search}`}</p>;
}

function routes(url = '/onboarding') {
  return (
    <MemoryRouter initialEntries={['/start', url]} initialIndex={1}>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/start" element={<p>Start page</p>} />
        <Route path="/login" element={<Where page="Login page" />} />
        <Route path="/onboarding" element={<OnboardingPage />} />
        <Route path="/service/:serviceId" element={<Where page="Service page" />} />
      </Routes>
    </MemoryRouter>
  );
}

function renderPage(options: Parameters<typeof userEvent.setup>[0] = {}, url?: string) {
  const user = userEvent.setup(options);
  const view = render(routes(url));
  return { user, ...view };
}

const nameField = () => screen.getByRole('textbox', { name: 'Full Name' });
const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const ageField = () => screen.getByRole('spinbutton', { name: 'Age' });
const phoneField = () => screen.getByRole('textbox', { name: 'Phone Number' });
const genderGroup = () => screen.getByRole('radiogroup', { name: 'Gender' });
const photoInput = () => screen.getByLabelText('Profile Photo');
const nextButton = () => screen.getByRole('button', { name: 'Next' });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Saving…)$/ });

type User = ReturnType<typeof userEvent.setup>;

async function fillStepOne(user: User) {
  await user.type(nameField(), 'Asha Rao');
  await user.type(emailField(), 'asha@example.com');
  await user.type(ageField(), '29');
  await user.click(screen.getByRole('radio', { name: 'Female' }));
}

async function goToStepTwo(user: User) {
  await fillStepOne(user);
  await user.click(nextButton());
  await screen.findByRole('heading', { level: 2, name: 'Service Selection' });
}

const pngPhoto = () => new File(['png-bytes'], 'asha.png', { type: 'image/png' });

describe('Onboarding: who gets the form', () => {
  it('sends a signed-out visitor to /login, replacing /onboarding', async () => {
    session = { status: 'signedOut' };
    renderPage();
    expect(await screen.findByText('Login page /login')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Onboarding' })).not.toBeInTheDocument();
  });

  it('shows a named spinner while the session loads', () => {
    session = { status: 'loading' };
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full Name' })).not.toBeInTheDocument();
  });

  it('shows a named spinner while the profile is being checked', () => {
    session = { ...incomplete, profile: { status: 'checking' } };
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Checking your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full Name' })).not.toBeInTheDocument();
  });

  it('takes someone already onboarded to /, replacing /onboarding in the history', async () => {
    session = { ...incomplete, profile: { status: 'complete', profile: { name: 'Asha' } } };
    const { user } = renderPage();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Full Name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it('when the profile lookup failed, says so and offers to try again instead of the form', async () => {
    session = { ...incomplete, profile: { status: 'error', message: 'Server responded with 503' } };
    const { user } = renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't check your profile. Server responded with 503");
    expect(screen.queryByRole('textbox', { name: 'Full Name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps the form (and what was typed) while the profile is re-checked', async () => {
    const { user, rerender } = renderPage();
    await user.type(nameField(), 'Asha');
    session = { ...incomplete, profile: { status: 'checking' } };
    rerender(routes());
    expect(nameField()).toHaveValue('Asha');
    expect(screen.queryByRole('progressbar', { name: 'Checking your profile' })).not.toBeInTheDocument();
  });
});

describe('Onboarding, step 1: Basic Information', () => {
  it('shows step 1 of 2 with every field empty but the phone from the session', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
    const progress = screen.getByRole('progressbar', { name: 'Step 1 of 2' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(nameField()).toHaveValue('');
    expect(emailField()).toHaveValue('');
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(ageField()).toHaveValue(null);
    expect(ageField()).toHaveAttribute('min', '1');
    expect(phoneField()).toHaveValue('+919876543210');
    const radios = within(genderGroup()).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['male', 'female', 'other']);
    ['Male', 'Female', 'Other'].forEach((name, i) => expect(radios[i]).toHaveAccessibleName(name));
    radios.forEach((radio) => expect(radio).not.toBeChecked());
    expect(photoInput()).toHaveAttribute('type', 'file');
    expect(photoInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
  });

  it('shows the sign-in phone read-only, saying why: typing does not change it', async () => {
    const { user } = renderPage();
    expect(phoneField()).toHaveAttribute('readonly');
    expect(phoneField()).toHaveAccessibleDescription("Your sign-in number can't be changed here.");
    await user.type(phoneField(), '9123456780');
    expect(phoneField()).toHaveValue('+919876543210');
  });

  it('starts the phone empty when the session has none', () => {
    session = { ...incomplete, phone: null };
    renderPage();
    expect(phoneField()).toHaveValue('');
  });

  it('requires name, email, age and gender, tying each message to its field, and focuses the first', async () => {
    const { user } = renderPage();
    await user.click(nextButton());
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription('Full name is required');
    expect(emailField()).toHaveAccessibleDescription('Email is required');
    expect(ageField()).toHaveAccessibleDescription('Age is required');
    expect(genderGroup()).toHaveAttribute('aria-invalid', 'true');
    expect(genderGroup()).toHaveAccessibleDescription('Gender is required');
    expect(phoneField()).toHaveAttribute('aria-invalid', 'false');
    expect(nameField()).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toBeInTheDocument();
  });

  it('requires the phone number (a session without one cannot go on)', async () => {
    session = { ...incomplete, phone: null };
    const { user } = renderPage();
    await fillStepOne(user);
    await user.click(nextButton());
    expect(phoneField()).toHaveAccessibleDescription('Phone number is required');
    expect(phoneField()).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'Service Selection' })).not.toBeInTheDocument();
  });

  it.each([
    ['email', emailField, 'asha@', 'Please enter a valid email'],
    ['age 0', ageField, '0', 'Age must be at least 1'],
    ['a fractional age', ageField, '2.5', 'Age must be a whole number'],
    ['age 121', ageField, '121', 'Age must be at most 120'],
    ['name', nameField, 'A'.repeat(101), 'Full name must be at most 100 characters'],
    ['name without a letter', nameField, '12345', 'Full name must contain at least one letter'],
  ])('rejects an invalid %s with the schema message', async (_what, field, value, message) => {
    const { user } = renderPage();
    await fillStepOne(user);
    await user.clear(field());
    await user.type(field(), value);
    await user.click(nextButton());
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('heading', { name: 'Service Selection' })).not.toBeInTheDocument();
  });

  it('treats a blank name as missing', async () => {
    const { user } = renderPage();
    await user.type(nameField(), '   ');
    await user.click(nextButton());
    expect(nameField()).toHaveAccessibleDescription('Full name is required');
  });

  it('focuses the gender radios when only the gender is missing', async () => {
    const { user } = renderPage();
    await user.type(nameField(), 'Asha Rao');
    await user.type(emailField(), 'asha@example.com');
    await user.type(ageField(), '29');
    await user.click(nextButton());
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveFocus();
  });

  it('clears a field message once the field is edited', async () => {
    const { user } = renderPage();
    await user.click(nextButton());
    await user.type(nameField(), 'A');
    expect(nameField()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Full name is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.queryByText('Gender is required')).not.toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
  });

  it('goes to step 2 with Next when step 1 is valid', async () => {
    const { user } = renderPage();
    await fillStepOne(user);
    await user.click(nextButton());
    const heading = await screen.findByRole('heading', { level: 2, name: 'Service Selection' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Step 2 of 2' })).toHaveAttribute('aria-valuenow', '100');
    expect(save).not.toHaveBeenCalled();
  });

  it('goes to step 2 with Enter in a field', async () => {
    const { user } = renderPage();
    await fillStepOne(user);
    await user.type(ageField(), '{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: 'Service Selection' })).toBeInTheDocument();
  });
});

describe('Onboarding, step 2: Service Selection', () => {
  it('asks for a service, says it can be skipped, and waits for a choice or a skip', async () => {
    const { user } = renderPage();
    await goToStepTwo(user);
    const group = screen.getByRole('radiogroup', { name: 'Which service are you looking for?' });
    expect(group).toHaveAccessibleDescription('You can skip this step');
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      // the catalog's categories (issue 15): the choice drives Home's Recommended For You
      'Photography',
      'Catering',
      'Makeup',
      'Venues',
      'Haircut',
      'Massage',
      'Facial',
      'Manicure/Pedicure',
      'Personal Training',
      'Tutoring',
      'Wedding Planning',
    ]);
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeEnabled();
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Massage' }));
    expect(submitButton()).toBeEnabled();
  });

  it('Back returns to step 1 with everything kept, photo included', async () => {
    const { user } = renderPage();
    await user.upload(photoInput(), pngPhoto());
    await goToStepTwo(user);
    await user.click(screen.getByRole('radio', { name: 'Tutoring' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByRole('heading', { level: 2, name: 'Basic Information' })).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Step 1 of 2' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('Asha Rao');
    expect(emailField()).toHaveValue('asha@example.com');
    expect(ageField()).toHaveValue(29);
    expect(phoneField()).toHaveValue('+919876543210');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute('src', PREVIEW_URL);

    await user.click(nextButton());
    expect(await screen.findByRole('radio', { name: 'Tutoring' })).toBeChecked();
    expect(submitButton()).toBeEnabled();
  });

  it('submits the chosen service with the typed profile', async () => {
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('radio', { name: 'Wedding Planning' }));
    await user.click(submitButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('u1', {
      name: 'Asha Rao',
      email: 'asha@example.com',
      age: 29,
      gender: 'female',
      phone: '+919876543210',
      profilePhoto: null,
      service: 'Wedding Planning',
      skippedService: false,
    });
  });

  it('Skip marks the step skipped, enables Submit and sends skippedService without a service', async () => {
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('radio', { name: 'Facial' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));

    expect(screen.getByRole('status')).toHaveTextContent('You skipped this step.');
    expect(screen.getByRole('radio', { name: 'Facial' })).not.toBeChecked();
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    const [uid, payload] = save.mock.calls[0]!;
    expect(uid).toBe('u1');
    expect(payload).toMatchObject({ skippedService: true, service: null, name: 'Asha Rao' });
  });

  it('choosing a service after skipping takes the skip back', async () => {
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('radio', { name: 'Haircut' }));
    expect(screen.queryByText('You skipped this step.')).not.toBeInTheDocument();
    await user.click(submitButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(save.mock.calls[0]![1]).toMatchObject({ skippedService: false, service: 'Haircut' });
  });
});

describe('Onboarding: profile photo', () => {
  it('previews a chosen image and can remove it, revoking the preview', async () => {
    const { user } = renderPage();
    const photo = pngPhoto();
    await user.upload(photoInput(), photo);

    expect(createObjectURL).toHaveBeenCalledWith(photo);
    expect(screen.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute('src', PREVIEW_URL);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));

    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith(PREVIEW_URL);
    expect(photoInput()).toHaveFocus();
  });

  it('revokes the old preview when another photo is chosen', async () => {
    createObjectURL.mockReturnValueOnce('blob:first').mockReturnValueOnce('blob:second');
    const { user } = renderPage();
    await user.upload(photoInput(), pngPhoto());
    await user.upload(photoInput(), new File(['jpg'], 'other.jpg', { type: 'image/jpeg' }));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:first');
    expect(revokeObjectURL).not.toHaveBeenCalledWith('blob:second');
    expect(screen.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute('src', 'blob:second');
  });

  it('revokes the preview when the page goes away', async () => {
    const { user, unmount } = renderPage();
    await user.upload(photoInput(), pngPhoto());
    expect(revokeObjectURL).not.toHaveBeenCalled();
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith(PREVIEW_URL);
  });

  it('refuses a file that is not an image', async () => {
    const { user } = renderPage({ applyAccept: false });
    await user.upload(photoInput(), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(photoInput()).toHaveAccessibleDescription('Please choose a JPEG, PNG, WebP or GIF image.');
    expect(photoInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses an image type the server does not take (HEIC)', async () => {
    const { user } = renderPage({ applyAccept: false });
    await user.upload(photoInput(), new File(['ftypheic'], 'IMG_1.heic', { type: 'image/heic' }));
    expect(photoInput()).toHaveAccessibleDescription('Please choose a JPEG, PNG, WebP or GIF image.');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB', async () => {
    const { user } = renderPage();
    const big = pngPhoto();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(photoInput(), big);
    expect(photoInput()).toHaveAccessibleDescription('The photo is larger than 5 MB. Please choose a smaller image.');
    expect(screen.queryByRole('img', { name: 'Profile photo preview' })).not.toBeInTheDocument();
  });

  it('uploads the photo before saving and sends its url as profilePhoto', async () => {
    const { user } = renderPage();
    const photo = pngPhoto();
    await user.upload(photoInput(), photo);
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith('u1', photo, 'asha.png');
    expect(save.mock.calls[0]![1]).toMatchObject({ profilePhoto: PHOTO_URL });
    expect(upload.mock.invocationCallOrder[0]!).toBeLessThan(save.mock.invocationCallOrder[0]!);
  });

  it('sends no photo once it was removed', async () => {
    const { user } = renderPage();
    await user.upload(photoInput(), pngPhoto());
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
    expect(save.mock.calls[0]![1]).toMatchObject({ profilePhoto: null });
  });
});

describe('Onboarding: submitting', () => {
  // a failed submit is logged as well as shown
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows Saving… with a spinner and blocks the buttons while the profile is saved', async () => {
    let finish: (value: ConsumerProfile) => void = () => {};
    save.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());

    const saving = screen.getByRole('button', { name: /Saving…/ });
    expect(saving).toBeDisabled();
    expect(within(saving).getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Skip' })).toBeDisabled();

    await act(async () => finish({} as ConsumerProfile));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('on success refreshes the profile first, then goes to / replacing /onboarding', async () => {
    let refreshed: () => void = () => {};
    refresh.mockReturnValue(new Promise<void>((resolve) => (refreshed = resolve)));
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('radio', { name: 'Massage' }));
    await user.click(submitButton());

    expect(refresh).toHaveBeenCalledTimes(1);
    expect(save.mock.invocationCallOrder[0]!).toBeLessThan(refresh.mock.invocationCallOrder[0]!);
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();

    await act(async () => refreshed());
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Start page')).toBeInTheDocument();
  });

  it("shows the server's message in a red box, keeps everything and lets the user fix and resubmit", async () => {
    save.mockRejectedValueOnce(new ApiError(400, 'email: Please enter a valid email'));
    const { user } = renderPage();
    const photo = pngPhoto();
    await user.upload(photoInput(), photo);
    await goToStepTwo(user);
    await user.click(screen.getByRole('radio', { name: 'Wedding Planning' }));
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('email: Please enter a valid email');
    expect(alert).toHaveClass('MuiAlert-colorError');
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.queryByText('Home page')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Wedding Planning' })).toBeChecked();
    expect(submitButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(nameField()).toHaveValue('Asha Rao');
    expect(emailField()).toHaveValue('asha@example.com');
    expect(ageField()).toHaveValue(29);
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Profile photo preview' })).toBeInTheDocument();

    await user.clear(emailField());
    await user.type(emailField(), 'asha.rao@example.com');
    await user.click(nextButton());
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![1]).toMatchObject({ email: 'asha.rao@example.com', profilePhoto: PHOTO_URL });
    // the photo went up once: the retry reuses its url
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it("says 'Submission failed' when the failure carries no server message", async () => {
    save.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Submission failed');
    expect(screen.getByText('You skipped this step.')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('does not save the profile when the photo upload fails', async () => {
    upload.mockRejectedValueOnce(new ApiError(413, 'The photo is too large'));
    const { user } = renderPage();
    await user.upload(photoInput(), pngPhoto());
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('The photo is too large');
    expect(save).not.toHaveBeenCalled();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('clears an earlier failure message when submitting again', async () => {
    let finish: (value: ConsumerProfile) => void = () => {};
    save
      .mockRejectedValueOnce(new ApiError(500, 'Server responded with 500'))
      .mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const { user } = renderPage();
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Server responded with 500');

    await user.click(submitButton());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => finish({} as ConsumerProfile));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });
});

describe('Onboarding: deep links (?next=) and signing out', () => {
  const withNext = `/onboarding?next=${encodeURIComponent('/service/s1?tab=reviews')}`;

  it('goes to next once the profile is saved, replacing /onboarding', async () => {
    const { user } = renderPage({}, withNext);
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());
    expect(await screen.findByText('Service page /service/s1?tab=reviews')).toBeInTheDocument();
  });

  it('goes home when next leads off the app', async () => {
    const { user } = renderPage({}, `/onboarding?next=${encodeURIComponent('//evil.example/x')}`);
    await goToStepTwo(user);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(submitButton());
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('takes someone already onboarded to next', () => {
    session = { ...incomplete, profile: { status: 'complete', profile: { name: 'Asha' } } };
    renderPage({}, withNext);
    expect(screen.getByText('Service page /service/s1?tab=reviews')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, keeping next', () => {
    session = { status: 'signedOut' };
    renderPage({}, withNext);
    expect(screen.getByText(`Login page /login?next=${encodeURIComponent('/service/s1?tab=reviews')}`)).toBeInTheDocument();
  });

  it('offers Sign out, which signs out and goes to /login, replacing /onboarding', async () => {
    let signedOut: () => void = () => {};
    jest.mocked(signOut).mockReturnValue(new Promise<void>((resolve) => (signedOut = resolve)));
    const { user } = renderPage();
    const button = screen.getByRole('button', { name: 'Sign out' });
    await user.click(button);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    await act(async () => signedOut());
    expect(await screen.findByText('Login page /login')).toBeInTheDocument();
  });
});

describe('Onboarding in Hindi', () => {
  afterEach(async () => {
    await act(() => changeLocale('en-IN'));
  });

  it("says the form's validation messages in Hindi, each tied to its field, and in English again once the page turns back", async () => {
    await act(() => changeLocale('hi-IN'));
    const { user } = renderPage();
    const name = await screen.findByRole('textbox', { name: 'पूरा नाम' });
    await user.type(screen.getByRole('textbox', { name: 'ईमेल' }), 'asha@');
    await user.type(screen.getByRole('spinbutton', { name: 'उम्र' }), '130');
    await user.click(screen.getByRole('button', { name: 'आगे' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('पूरा नाम ज़रूरी है');
    expect(screen.getByRole('textbox', { name: 'ईमेल' })).toHaveAccessibleDescription('कृपया सही ईमेल डालें');
    expect(screen.getByRole('spinbutton', { name: 'उम्र' })).toHaveAccessibleDescription('उम्र ज़्यादा से ज़्यादा 120 हो सकती है');
    expect(screen.getByRole('radiogroup', { name: 'लिंग' })).toHaveAccessibleDescription('लिंग ज़रूरी है');
    expect(screen.queryByText(/is required/)).not.toBeInTheDocument();

    await act(() => changeLocale('en-IN'));
    await user.click(nextButton());
    expect(nameField()).toHaveAccessibleDescription('Full name is required');
    expect(ageField()).toHaveAccessibleDescription('Age must be at most 120');
  });
});
