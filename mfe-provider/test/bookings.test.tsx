import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useSession } from '@utsav/contracts';
import { getProviderBooking, getProviderBookingHistory, getProviderBookings, getProviderListings } from '@utsav/contracts/provider';
import { LISTINGS, providerBooking, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const FAR = { from: '2030-01-10', to: '2030-01-10' };
const PAID = providerBooking({ bookingId: 'b-paid', status: 'confirmed', preferredDateRange: FAR, invoiceNumber: 'UTS/2026-27/000123', consumer: { name: 'Asha Rao', phone: '+919812345678', email: 'asha@example.com' } });
const AWAITING = providerBooking({ bookingId: 'b-acc', status: 'accepted', preferredDateRange: { from: '2029-06-01', to: '2029-06-02' }, consumer: { name: 'Vikram Shah', phone: null, email: null } });
const DONE = providerBooking({ bookingId: 'b-old', status: 'confirmed', preferredDateRange: { from: '2025-01-05', to: '2025-01-05' }, consumer: { name: 'Old Customer', phone: '+919800000000', email: 'old@example.com' } });
const DECLINED = providerBooking({ bookingId: 'b-no', status: 'failed', failureReason: 'declined', declineReason: 'fully_booked', consumer: { name: 'Declined Person', phone: null, email: null } });
const WAITING = providerBooking({ bookingId: 'b-req' });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(getProviderBookings).mockResolvedValue([PAID, AWAITING, DONE, DECLINED, WAITING]);
  jest.mocked(getProviderBookingHistory).mockResolvedValue([
    { kind: 'requested', at: '2026-11-25T08:35:00.000Z', by: 'you' },
    { kind: 'accepted', at: '2026-11-25T09:00:00.000Z', by: 'provider' },
    { kind: 'paid', at: '2026-11-25T10:00:00.000Z', by: 'payment' },
  ]);
});

it('lists the bookings by tab: upcoming soonest first, past, and closed; a request waiting is in the inbox only', async () => {
  const user = userEvent.setup();
  renderRoute('/provider/bookings');
  const panel = await screen.findByRole('tabpanel');
  await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2), { timeout: 5_000 });
  expect(within(panel).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Vikram Shah', 'Asha Rao']);
  expect(within(panel).getByText('Awaiting payment')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Past' }));
  expect(within(screen.getByRole('tabpanel')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Old Customer']);
  await user.click(screen.getByRole('tab', { name: 'Closed' }));
  expect(within(screen.getByRole('tabpanel')).getByText('Declined')).toBeInTheDocument();
  expect(currentLocation()).toBe('/provider/bookings?tab=closed');
  expect(screen.queryByText(WAITING.consumer.name)).not.toBeInTheDocument();
});

it("shows a paid booking's customer contact, payment and history from the provider's side", async () => {
  jest.mocked(getProviderBooking).mockResolvedValue(PAID);
  renderRoute('/provider/bookings/b-paid');
  const contact = await screen.findByRole('region', { name: 'Customer contact' }, { timeout: 5_000 });
  expect(within(contact).getByRole('link', { name: '+919812345678' })).toHaveAttribute('href', 'tel:+919812345678');
  expect(within(contact).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute('href', 'mailto:asha@example.com');
  const payment = screen.getByRole('region', { name: 'Payment' });
  expect(within(payment).getByText('Received')).toBeInTheDocument();
  expect(within(payment).getByText('₹5,000.00')).toBeInTheDocument();
  expect(within(payment).getByText('UTS/2026-27/000123')).toBeInTheDocument();
  const history = screen.getByRole('region', { name: 'History' });
  const steps = await within(history).findAllByRole('listitem');
  expect(steps.map((step) => step.textContent)).toEqual([
    'Requested25 Nov 2026, 2:05 PM · Customer',
    'Accepted25 Nov 2026, 2:30 PM · You',
    'Advance paid25 Nov 2026, 3:30 PM · Payment',
  ]);
});

it('keeps the contact back until the customer has paid', async () => {
  jest.mocked(getProviderBooking).mockResolvedValue(AWAITING);
  renderRoute('/provider/bookings/b-acc');
  const contact = await screen.findByRole('region', { name: 'Customer contact' }, { timeout: 5_000 });
  expect(contact).toHaveTextContent('Shown once the customer pays the advance.');
  // no phone or email to follow; the way to reach them meanwhile is the conversation
  expect(within(contact).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/provider/messages/booking/b-acc']);
  expect(within(contact).getByRole('link', { name: 'Message Vikram' })).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Not paid yet')).toBeInTheDocument();
});

it("says a booking of another listing is not theirs, with nothing to retry", async () => {
  jest.mocked(getProviderBooking).mockRejectedValue(new ApiError(403, 'This booking is not one of your listings'));
  renderRoute('/provider/bookings/b-other');
  expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent("This booking isn't one of your listings'.");
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
});
