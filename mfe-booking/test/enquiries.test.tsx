import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, getAddresses, toast, useSession } from '@utsav/contracts';
import { getService } from '@utsav/contracts/catalog';
import { acceptQuote, declineQuote, getEnquiries, getPlans, sendEnquiry } from '@utsav/contracts/plans';
import type { Booking, Enquiry, Plan, Quote } from '@utsav/contracts/schemas';
import { booking, savedAddress, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/plans', () => {
  const actual = jest.requireActual('@utsav/contracts/plans');
  const calls = ['getPlans', 'getEnquiries', 'sendEnquiry', 'withdrawEnquiry', 'declineQuote', 'acceptQuote'];
  return { ...actual, ...Object.fromEntries(calls.map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts/catalog', () => ({ getService: jest.fn(), getMenu: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn(), getAddresses: jest.fn() }));

const PLAN: Plan = {
  planId: 'p1',
  title: 'Asha & Rohan',
  from: '2027-02-10',
  to: '2027-02-14',
  homeCity: 'Jaipur',
  events: [
    { eventId: 'e-haldi', kind: 'haldi', name: '', date: '2027-02-11', city: 'Jaipur', guests: 80 },
    { eventId: 'e-wed', kind: 'wedding', name: '', date: '2027-02-12', city: 'Jaipur', guests: 300 },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
};

function quote(extra: Partial<Quote> = {}): Quote {
  return {
    quoteId: 'q1',
    enquiryId: 'en1',
    lineItems: [
      { label: 'Full-day coverage', amount: 8_000_000 },
      { label: 'Album', amount: 1_500_000 },
    ],
    total: 9_500_000,
    advance: 950_000,
    validUntil: '2027-01-15',
    note: '',
    status: 'open',
    createdAt: '2026-11-25T10:00:00.000Z',
    ...extra,
  };
}

function enquiry(extra: Partial<Enquiry> = {}): Enquiry {
  return {
    enquiryId: 'en1',
    event: { eventId: 'e-wed', kind: 'wedding', name: '', date: '2027-02-12', city: 'Jaipur', guests: 300 },
    service: { serviceId: 's1', title: 'Lens Craft', category: 'Photography', city: 'Jaipur', providerName: 'Lens Craft Studio' },
    message: 'Hello!',
    status: 'quoted',
    declineReason: null,
    quotes: [quote()],
    bookingId: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    ...extra,
  };
}

let toastSuccess: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getPlans).mockResolvedValue([PLAN]);
  jest.mocked(getAddresses).mockResolvedValue([savedAddress('a1')]);
  jest.mocked(getService).mockImplementation(async (serviceId) => ({ serviceId, title: `Service ${serviceId}`, provider: { name: `Provider ${serviceId}` } }) as never);
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

describe('Ask for a quote', () => {
  it('sends one enquiry to each service for the event chosen, then shows the quotes page', async () => {
    const user = userEvent.setup();
    jest.mocked(sendEnquiry).mockResolvedValue([enquiry({ enquiryId: 'en2', status: 'open', quotes: [] }), enquiry({ status: 'open', quotes: [] })]);
    jest.mocked(getEnquiries).mockResolvedValue([]);
    renderRoute('/enquiries/new?serviceIds=s1,s2');
    expect(await screen.findByText('Service s1')).toBeInTheDocument();
    expect(screen.getByText('Service s2')).toBeInTheDocument();
    const send = await screen.findByRole('button', { name: 'Send to 2 providers' });
    await user.click(send);
    // the API's schema: an event must be chosen
    expect(await screen.findByText(/event/i, { selector: 'p.Mui-error' })).toBeInTheDocument();
    expect(sendEnquiry).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('For which event'), 'Wedding · 12 Feb 2027 · Jaipur');
    await user.click(send);
    await waitFor(() => expect(currentLocation()).toBe('/enquiries?event=e-wed'));
    expect(sendEnquiry).toHaveBeenCalledWith({ eventId: 'e-wed', serviceIds: ['s1', 's2'], message: expect.stringContaining('quote') });
    expect(toastSuccess).toHaveBeenCalledWith('Sent to 2 providers');
  });

  it('leads to the plans when there is no event to ask for', async () => {
    jest.mocked(getPlans).mockResolvedValue([{ ...PLAN, events: [] }]);
    renderRoute('/enquiries/new?serviceIds=s1&eventId=e-wed');
    expect(await screen.findByText(/Add your events to a plan first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wedding plans' })).toHaveAttribute('href', '/plans');
  });
});

describe('Quotes', () => {
  it('shows a quote as the server added it up: its lines, total, advance and validity', async () => {
    jest.mocked(getEnquiries).mockResolvedValue([enquiry()]);
    renderRoute('/enquiries');
    const card = await screen.findByRole('listitem', { name: 'Lens Craft' });
    expect(card).toHaveTextContent('Wedding · 12 Feb 2027 · Jaipur · 300 guests');
    expect(card).toHaveTextContent('Quote received');
    const offer = within(card).getByRole('region', { name: 'Quote of ₹95,000.00' });
    expect(offer).toHaveTextContent('1. Full-day coverage₹80,000.00');
    expect(offer).toHaveTextContent('Total₹95,000.00');
    expect(offer).toHaveTextContent('Advance to pay once they accept₹9,500.00');
    expect(offer).toHaveTextContent('Valid until15 Jan 2027');
  });

  it('says an expired quote is expired and offers nothing to do with it', async () => {
    jest.mocked(getEnquiries).mockResolvedValue([enquiry({ quotes: [quote({ status: 'expired' })] })]);
    renderRoute('/enquiries');
    const card = await screen.findByRole('listitem', { name: 'Lens Craft' });
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });

  it('accepts a quote: where and when, then the booking request is shown in My Bookings', async () => {
    const user = userEvent.setup();
    const made: Booking = booking('b-q', { status: 'requested', amount: 9_500_000 });
    jest.mocked(getEnquiries).mockResolvedValue([enquiry()]);
    jest.mocked(acceptQuote).mockResolvedValue({ booking: made, enquiry: enquiry({ status: 'booked', bookingId: 'b-q', quotes: [quote({ status: 'accepted' })] }) });
    renderRoute('/enquiries');
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Lens Craft at this quote' });
    expect(dialog).toHaveTextContent('A booking request of ₹95,000.00 for 12 Feb 2027 goes to the provider. Once they accept, you pay the advance of ₹9,500.00.');
    const send = within(dialog).getByRole('button', { name: 'Send booking request' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    await waitFor(() => expect(currentLocation()).toBe('/bookings?booking=b-q'));
    expect(acceptQuote).toHaveBeenCalledWith('q1', { addressId: 'a1', preferredTime: { start: '09:00', end: '17:00' }, note: '' });
  });

  it("says why a quote could not be accepted and keeps it", async () => {
    const user = userEvent.setup();
    jest.mocked(getEnquiries).mockResolvedValue([enquiry()]);
    jest.mocked(acceptQuote).mockRejectedValue(new ApiError(409, 'The provider is fully booked on 12 Feb 2027.'));
    renderRoute('/enquiries');
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Send booking request' });
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The provider is fully booked on 12 Feb 2027.');
    expect(currentLocation()).toBe('/enquiries');
  });

  it('declines a quote with the answer the server gave', async () => {
    const user = userEvent.setup();
    jest.mocked(getEnquiries).mockResolvedValue([enquiry()]);
    jest.mocked(declineQuote).mockResolvedValue(enquiry({ status: 'quoted', quotes: [quote({ status: 'declined' })] }));
    renderRoute('/enquiries');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const card = screen.getByRole('listitem', { name: 'Lens Craft' });
    expect(await within(card).findByText('Declined')).toBeInTheDocument();
    expect(declineQuote).toHaveBeenCalledWith('q1');
    expect(within(card).queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });
});
