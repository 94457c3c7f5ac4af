import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { acceptBooking, declineBooking, getProviderBookings, getProviderListings } from '@utsav/contracts/provider';
import { LISTINGS, NO_LISTINGS, providerBooking, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const REQUEST = providerBooking();
const NEW_DATES = providerBooking({
  bookingId: 'b-2',
  status: 'confirmed',
  consumer: { name: 'Vikram Shah', phone: '+919822222222', email: 'vikram@example.com' },
  reschedule: { preferredDateRange: { from: '2026-12-20', to: '2026-12-20' }, preferredTime: { start: '10:00', end: '12:00' } },
});
const TAKEN = providerBooking({ bookingId: 'b-3', status: 'accepted', consumer: { name: 'Meera Iyer', phone: null, email: null } });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(getProviderBookings).mockResolvedValue([REQUEST, NEW_DATES, TAKEN]);
});

it('lists what waits for an answer with everything needed to answer it, and nothing already answered', async () => {
  renderRoute('/provider');
  const request = await screen.findByRole('article', { name: 'Request from Asha Rao' }, { timeout: 5_000 });
  const facts = Object.fromEntries(
    within(request)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
  expect(facts).toEqual({
    Customer: 'Asha Rao',
    Service: 'Lens Studio Photography',
    Package: 'Gold Wedding Package',
    Dates: '5 Dec 2026 – 7 Dec 2026',
    Time: '9:00 AM – 5:00 PM',
    Address: '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038',
    Note: 'Please bring a drone',
    'Advance you receive': '₹5,000.00',
    'Booking value': '₹50,000.00',
  });
  const newDates = screen.getByRole('article', { name: 'Vikram Shah asks for new dates' });
  expect(within(newDates).getByText('20 Dec 2026, 10:00 AM – 12:00 PM')).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: /Meera Iyer/ })).not.toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Provider sections' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Requests' })).toHaveAttribute('aria-current', 'page');
});

it('accepts a request and shows it answered; new dates are accepted on their own route', async () => {
  const user = userEvent.setup();
  const success = jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(acceptBooking).mockImplementation(async (id) => ({ ...(id === 'b-1' ? REQUEST : NEW_DATES), status: id === 'b-1' ? 'accepted' : 'confirmed', reschedule: undefined }));
  renderRoute('/provider');
  const request = await screen.findByRole('article', { name: 'Request from Asha Rao' }, { timeout: 5_000 });
  await user.click(within(request).getByRole('button', { name: 'Accept' }));
  expect(acceptBooking).toHaveBeenCalledWith('b-1', { newDates: false });
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Request from Asha Rao' })).not.toBeInTheDocument());
  expect(success).toHaveBeenCalledWith('Accepted. Asha Rao can now pay the advance.');

  await user.click(within(screen.getByRole('article', { name: 'Vikram Shah asks for new dates' })).getByRole('button', { name: 'Accept' }));
  expect(acceptBooking).toHaveBeenLastCalledWith('b-2', { newDates: true });
  expect(await screen.findByText(/No requests are waiting/)).toBeInTheDocument();
});

it("says why an acceptance is refused (the day is full) and keeps the request", async () => {
  const user = userEvent.setup();
  const error = jest.spyOn(toast, 'error').mockReturnValue('t');
  jest.mocked(acceptBooking).mockRejectedValue(new ApiError(409, 'You are fully booked on 5 Dec 2026'));
  renderRoute('/provider');
  const request = await screen.findByRole('article', { name: 'Request from Asha Rao' }, { timeout: 5_000 });
  await user.click(within(request).getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(error).toHaveBeenCalledWith("Couldn't accept: You are fully booked on 5 Dec 2026"));
  expect(screen.getByRole('article', { name: 'Request from Asha Rao' })).toBeInTheDocument();
});

it('declines only with a reason, and "Other" only with the words for the customer', async () => {
  const user = userEvent.setup();
  jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(declineBooking).mockResolvedValue({ ...REQUEST, status: 'failed', failureReason: 'declined', declineReason: 'other' });
  renderRoute('/provider');
  const request = await screen.findByRole('article', { name: 'Request from Asha Rao' }, { timeout: 5_000 });
  await user.click(within(request).getByRole('button', { name: 'Decline' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
  await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
  await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
  await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
  expect(within(dialog).getByText('Write your reason for the customer')).toBeInTheDocument();
  expect(declineBooking).not.toHaveBeenCalled();
  await user.type(within(dialog).getByRole('textbox', { name: 'Your reason' }), 'Our van is in for repairs');
  await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
  expect(declineBooking).toHaveBeenCalledWith('b-1', { reason: 'other', note: 'Our van is in for repairs' }, { newDates: false });
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Request from Asha Rao' })).not.toBeInTheDocument());
});

it('sends someone who runs no listing to the page that says how to become a provider', async () => {
  jest.mocked(getProviderListings).mockResolvedValue(NO_LISTINGS);
  renderRoute('/provider');
  await waitFor(() => expect(currentLocation()).toBe('/provider/join'), { timeout: 5_000 });
  expect(screen.getByRole('heading', { level: 1, name: 'Become a provider' })).toBeInTheDocument();
  expect(getProviderBookings).not.toHaveBeenCalled();
});
