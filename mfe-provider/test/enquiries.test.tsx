import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { declineEnquiry, getProviderEnquiries, getProviderEnquiry, getProviderListings, sendQuote } from '@utsav/contracts/provider';
import { addDays } from '@utsav/contracts/slot-rules';
import { LISTINGS, providerEnquiry, quote, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const OPEN = providerEnquiry();
const QUOTED = providerEnquiry({
  enquiryId: 'e-2',
  event: { eventId: 'ev-2', kind: 'other', name: 'Cocktail night', date: '2027-02-13', city: '', guests: 1 },
  consumer: { firstName: 'Vikram' },
  message: 'Just the evening.',
  status: 'quoted',
  quotes: [
    quote({ quoteId: 'q-2', total: 9_000_000, advance: 900_000, validUntil: '2026-12-24', createdAt: '2026-11-27T10:00:00.000Z' }),
    quote({ quoteId: 'q-1', status: 'superseded' }),
  ],
});
const DECLINED = providerEnquiry({ enquiryId: 'e-3', consumer: { firstName: 'Meera' }, status: 'declined', declineReason: 'Away that week' });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  // the server's order (newest first): the page puts those waiting for a quote first
  jest.mocked(getProviderEnquiries).mockResolvedValue([QUOTED, DECLINED, OPEN]);
  jest.mocked(getProviderEnquiry).mockImplementation(async (id) => [OPEN, QUOTED, DECLINED].find((one) => one.enquiryId === id)!);
});

const factsOf = (element: HTMLElement) =>
  Object.fromEntries(
    within(element)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

it('lists the enquiries waiting for a quote first, then those quoted, then the rest, each with what was asked', async () => {
  renderRoute('/provider/enquiries');
  await screen.findByRole('article', { name: 'Enquiry from Asha' }, { timeout: 5_000 });
  const cards = within(screen.getByRole('region', { name: '3 enquiries' })).getAllByRole('article');
  expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Enquiry from Asha', 'Enquiry from Vikram', 'Enquiry from Meera']);

  const [asha, vikram, meera] = cards as [HTMLElement, HTMLElement, HTMLElement];
  expect(factsOf(asha)).toEqual({
    Customer: 'Asha',
    Service: 'Lens Studio Photography',
    Event: 'Sangeet',
    Date: '12 Feb 2027',
    City: 'Jaipur',
    Guests: '250 guests',
  });
  expect(within(asha).getByText('Candid and traditional, both evenings please.')).toBeInTheDocument();
  expect(within(asha).getByText('Waiting for your quote')).toBeInTheDocument();
  expect(within(asha).queryByText(/Latest quote/)).not.toBeInTheDocument();
  expect(within(asha).getByRole('link', { name: 'Send a quote' })).toHaveAttribute('href', '/provider/enquiries/e-1');

  // the event's own name, no city given, one guest; the newest quote as the server added it up
  expect(factsOf(vikram)).toMatchObject({ Event: 'Cocktail night', City: 'Not given', Guests: '1 guest' });
  expect(within(vikram).getByText('Quoted')).toBeInTheDocument();
  expect(within(vikram).getByText('Latest quote: ₹90,000.00 · advance ₹9,000.00 · valid until 24 Dec 2026')).toBeInTheDocument();
  expect(within(vikram).getByRole('link', { name: 'See enquiry' })).toHaveAttribute('href', '/provider/enquiries/e-2');
  expect(within(meera).getByText('Declined')).toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'Enquiries' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Requests' })).not.toHaveAttribute('aria-current');
});

it('shows an enquiry in full with its quotes newest first, and while quoted a new quote or a decline', async () => {
  renderRoute('/provider/enquiries/e-2');
  const quotes = await screen.findByRole('region', { name: 'Your quotes' }, { timeout: 5_000 });
  const shown = within(quotes).getAllByRole('region');
  expect(shown.map((one) => one.getAttribute('aria-label'))).toEqual(['Quote of ₹90,000.00', 'Quote of ₹1,50,000.00']);
  expect(within(shown[0]!).getByText('Open')).toBeInTheDocument();
  expect(within(shown[1]!).getByText('Replaced by a newer quote')).toBeInTheDocument();
  expect(factsOf(screen.getByRole('region', { name: 'What they asked' }))).toMatchObject({ Customer: 'Vikram', Message: 'Just the evening.' });
  // quoted: a new quote can still be sent (it replaces the open one)
  expect(screen.getByRole('form', { name: 'Send a new quote' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Decline enquiry' })).toBeInTheDocument();
});

it('shows a declined enquiry with its reason, and neither a quote form nor Decline', async () => {
  renderRoute('/provider/enquiries/e-3');
  expect(await screen.findByText('You declined: Away that week', {}, { timeout: 5_000 })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: /Send a/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decline enquiry' })).not.toBeInTheDocument();
});

async function openForm() {
  const user = userEvent.setup();
  renderRoute('/provider/enquiries/e-1');
  const form = await screen.findByRole('form', { name: 'Send a quote' }, { timeout: 5_000 });
  const line = (number: number) => within(screen.getByRole('group', { name: `Line ${number}` }));
  return { user, form, line };
}

it("checks the quote with the API's schema before sending: an empty item, an amount that is not rupees", async () => {
  const { user, form, line } = await openForm();
  await user.click(within(form).getByRole('button', { name: 'Send quote' }));
  expect(await line(1).findByText('Line item is required')).toBeInTheDocument();
  expect(line(1).getByText('Enter an amount in rupees, like 12,500.50')).toBeInTheDocument();

  await user.type(line(1).getByRole('textbox', { name: 'Item' }), 'Candid photography');
  await user.type(line(1).getByRole('textbox', { name: 'Amount in ₹' }), '12.345');
  await user.click(within(form).getByRole('button', { name: 'Send quote' }));
  expect(await line(1).findByText('Enter an amount in rupees, like 12,500.50')).toBeInTheDocument();
  expect(line(1).queryByText('Line item is required')).not.toBeInTheDocument();

  await user.clear(line(1).getByRole('textbox', { name: 'Amount in ₹' }));
  await user.type(line(1).getByRole('textbox', { name: 'Amount in ₹' }), '0');
  await user.click(within(form).getByRole('button', { name: 'Send quote' }));
  expect(await line(1).findByText('Amount must be between ₹0.01 and ₹1,00,00,000.00')).toBeInTheDocument();
  expect(sendQuote).not.toHaveBeenCalled();
});

it("sends each amount as exact paise, and shows the quote's total and advance as the server computed them", async () => {
  const success = jest.spyOn(toast, 'success').mockReturnValue('t');
  const sent = quote({
    quoteId: 'q-9',
    enquiryId: 'e-1',
    lineItems: [
      { label: 'Candid photography', amount: 1_250_050 },
      { label: 'Travel', amount: 200_000 },
    ],
    total: 1_450_050,
    advance: 145_005,
    validUntil: addDays(todayInIndia(), 14),
    note: 'Drone on request',
  });
  jest.mocked(sendQuote).mockResolvedValue({ ...OPEN, status: 'quoted', quotes: [sent] });
  const { user, form, line } = await openForm();
  expect(within(form).queryByText(/₹14,500/)).not.toBeInTheDocument();

  await user.type(line(1).getByRole('textbox', { name: 'Item' }), 'Candid photography');
  await user.type(line(1).getByRole('textbox', { name: 'Amount in ₹' }), '₹12,500.50');
  await user.click(within(form).getByRole('button', { name: 'Add a line' }));
  await user.type(line(2).getByRole('textbox', { name: 'Item' }), 'Travel');
  await user.type(line(2).getByRole('textbox', { name: 'Amount in ₹' }), '2,000');
  // a third line, added and removed again
  await user.click(within(form).getByRole('button', { name: 'Add a line' }));
  await user.click(line(3).getByRole('button', { name: 'Remove line 3' }));
  await user.type(within(form).getByRole('textbox', { name: 'A note to the customer (optional)' }), 'Drone on request');
  await user.click(within(form).getByRole('button', { name: 'Send quote' }));

  await waitFor(() => expect(sendQuote).toHaveBeenCalledTimes(1));
  expect(sendQuote).toHaveBeenCalledWith('e-1', {
    lineItems: [
      { label: 'Candid photography', amount: 1_250_050 },
      { label: 'Travel', amount: 200_000 },
    ],
    validUntil: addDays(todayInIndia(), 14),
    note: 'Drone on request',
  });
  const shown = await screen.findByRole('region', { name: 'Quote of ₹14,500.50' });
  expect(factsOf(shown)).toEqual({
    '1. Candid photography': '₹12,500.50',
    '2. Travel': '₹2,000.00',
    Total: '₹14,500.50',
    'Advance the customer pays on booking': '₹1,450.05',
    'Valid until': expect.stringMatching(/\d{4}$/),
  });
  expect(success).toHaveBeenCalledWith('Quote of ₹14,500.50 sent to Asha.');
  // the enquiry is quoted now: the form offers a new quote, empty again
  expect(await screen.findByRole('form', { name: 'Send a new quote' })).toBeInTheDocument();
  expect(line(1).getByRole('textbox', { name: 'Item' })).toHaveValue('');
});

it("shows the server's refusal in the form and keeps everything typed", async () => {
  jest.mocked(sendQuote).mockRejectedValue(new ApiError(409, 'This enquiry was withdrawn by the customer'));
  const { user, form, line } = await openForm();
  await user.type(line(1).getByRole('textbox', { name: 'Item' }), 'Candid photography');
  await user.type(line(1).getByRole('textbox', { name: 'Amount in ₹' }), '12,500.50');
  await user.click(within(form).getByRole('button', { name: 'Send quote' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent("The quote wasn't sent: This enquiry was withdrawn by the customer");
  expect(line(1).getByRole('textbox', { name: 'Item' })).toHaveValue('Candid photography');
  expect(line(1).getByRole('textbox', { name: 'Amount in ₹' })).toHaveValue('12,500.50');
  expect(screen.getByRole('form', { name: 'Send a quote' })).toBeInTheDocument();
});

it('declines an enquiry only with a reason, and then shows it declined', async () => {
  const success = jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(declineEnquiry).mockImplementation(async (id, { reason }) => ({ ...OPEN, enquiryId: id, status: 'declined', declineReason: reason }));
  const { user } = await openForm();
  await user.click(screen.getByRole('button', { name: 'Decline enquiry' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decline this enquiry?' });
  await user.click(within(dialog).getByRole('button', { name: 'Decline enquiry' }));
  expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
  expect(declineEnquiry).not.toHaveBeenCalled();

  await user.type(within(dialog).getByRole('textbox', { name: 'Your reason' }), 'Fully booked that week');
  await user.click(within(dialog).getByRole('button', { name: 'Decline enquiry' }));
  expect(declineEnquiry).toHaveBeenCalledWith('e-1', { reason: 'Fully booked that week' });
  expect(await screen.findByText('You declined: Fully booked that week')).toBeInTheDocument();
  expect(success).toHaveBeenCalledWith('Enquiry from Asha declined.');
  expect(screen.queryByRole('form', { name: /Send a/ })).not.toBeInTheDocument();
  expect(currentLocation()).toBe('/provider/enquiries/e-1');
});
