import { act, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { cancelBooking, getCancellationTerms, getUserBookings, reviewBooking, withdrawBooking } from '@utsav/contracts/booking';
import { CANCELLATION_TIERS, notRefundedRule } from '@utsav/contracts/cancellation-policy';
import type { Booking, CancellationTerms } from '@utsav/contracts/schemas';
import { booking, deferred, SIGNED_IN, pinFixtureDate } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const load = jest.mocked(getUserBookings);
const cancel = jest.mocked(cancelBooking);
const getTerms = jest.mocked(getCancellationTerms);
const withdraw = jest.mocked(withdrawBooking);

/** The server's terms for a booking: nothing paid unless an advance is given. */
const termsOf = (bookingId: string, advancePaid = 0, refund = 0, tier = 0): CancellationTerms => ({
  bookingId,
  advancePaid,
  refund,
  rule: CANCELLATION_TIERS[tier]!.rule,
  rules: CANCELLATION_TIERS.map((candidate) => candidate.rule),
  notRefunded: notRefundedRule(),
});
let toastSuccess: jest.SpyInstance;
// jsdom has no scrolling: the cards brought into view
const scrolledTo = jest.fn();
let toastError: jest.SpyInstance;

const GOLD = booking('b-acc', {
  status: 'accepted',
  menuName: 'Gold Wedding Package',
  preferredDateRange: { from: '2026-12-30', to: '2027-01-02' },
});
const LIST: Booking[] = [booking('b-req', { menuName: 'Haldi Photography' }), GOLD];

beforeEach(() => {
  pinFixtureDate();
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  load.mockResolvedValue(LIST);
  getTerms.mockImplementation((bookingId) => Promise.resolve(termsOf(bookingId)));
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  scrolledTo.mockReset();
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolledTo(this);
  };
});

/** The page is on the tab the booking is now in, with its card in view and the focus on it. */
async function expectShownUnder(tabName: string, url: string, name: string) {
  const tab = await screen.findByRole('tab', { name: tabName, selected: true });
  expect(tab).toBeInTheDocument();
  expect(currentLocation()).toBe(url);
  const card = screen.getByRole('article', { name });
  await waitFor(() => expect(card).toHaveFocus());
  expect(scrolledTo).toHaveBeenCalledWith(card);
  return card;
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function openDialog() {
  const user = userEvent.setup();
  renderRoute('/bookings?tab=accepted');
  const gold = await screen.findByRole('article', { name: 'Gold Wedding Package' });
  await user.click(within(gold).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
  // the server's terms are on screen before it can be confirmed
  await within(dialog).findByText('Nothing has been paid yet, so there is nothing to refund.');
  return { user, dialog };
}

describe('cancelling an accepted booking', () => {
  it('asks first, naming the package and the dates; Keep booking changes nothing', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/Gold Wedding Package/);
    expect(dialog).toHaveTextContent('Gold Wedding Package');
    expect(dialog).toHaveTextContent('30 Dec 2026 – 2 Jan 2027');
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Gold Wedding Package' })).toBeInTheDocument();
  });

  it('cancels on confirmation, busy meanwhile; then toasts and shows the booking under Cancelled', async () => {
    const answer = deferred<Booking>();
    cancel.mockReturnValue(answer.promise);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith('b-acc');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toBeDisabled();
    expect(within(dialog).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    // Escape does not close it while the call is on its way
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    // longer than the dialog's exit transition
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toastSuccess).not.toHaveBeenCalled();

    answer.resolve({ ...GOLD, status: 'cancelled' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastSuccess).toHaveBeenCalledWith('Booking cancelled');
    expect(toastError).not.toHaveBeenCalled();
    // the page goes where the booking now is: the Cancelled tab, the booking in view
    const gold = await expectShownUnder('Cancelled', '/bookings?tab=cancelled', 'Gold Wedding Package');
    // the list was updated from the answer, not reloaded
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('tab', { name: 'Accepted' }));
    expect(screen.getByText('No accepted bookings')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(gold).not.toBeInTheDocument();
    const cancelled = screen.getByRole('article', { name: 'Gold Wedding Package' });
    // eslint-disable-next-line testing-library/no-node-access -- the chip's colour is only in MUI's class: no role or text tells it
    expect(within(cancelled).getByText('Cancelled', { selector: '.MuiChip-label' }).closest('.MuiChip-root')).toHaveClass('MuiChip-colorDefault');
    expect(within(cancelled).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(cancelled).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it("says why in the dialog and a toast when the API refuses (409), and changes nothing", async () => {
    cancel.mockRejectedValue(new ApiError(409, 'Only an accepted or confirmed booking can be cancelled.'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an accepted or confirmed booking can be cancelled.');
    expect(toastError).toHaveBeenCalledWith('Only an accepted or confirmed booking can be cancelled.');
    expect(toastSuccess).not.toHaveBeenCalled();
    // still open and usable again
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    const gold = screen.getByRole('article', { name: 'Gold Wedding Package' });
    expect(within(gold).getByText('Accepted')).toBeInTheDocument();
    expect(within(gold).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});

describe('cancelling a paid booking: the policy and the server\'s refund first', () => {
  const PAID = booking('b-paid', { status: 'confirmed', menuName: 'Bridal Makeup', preferredDateRange: { from: '2026-12-05', to: '2026-12-05' } });

  it('shows what comes back and the policy; Cancel booking waits for them; the refund then shows on the card', async () => {
    load.mockResolvedValue([PAID]);
    const terms = deferred<CancellationTerms>();
    getTerms.mockReturnValue(terms.promise);
    cancel.mockResolvedValue({ ...PAID, status: 'cancelled', refund: { amount: 500_000, status: 'pending' } });
    const user = userEvent.setup();
    renderRoute('/bookings?tab=confirmed');
    await user.click(within(await screen.findByRole('article', { name: 'Bridal Makeup' })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(getTerms).toHaveBeenCalledWith('b-paid', expect.anything());
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeDisabled();

    terms.resolve(termsOf('b-paid', 1_000_000, 500_000, 1));
    expect(await within(dialog).findByText('You get ₹5,000.00 back of the ₹10,000.00 advance.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Within 7 days of the start: half the advance back. The refund goes back to how you paid.');
    const policy = within(dialog).getByRole('heading', { name: 'Cancellation policy' });
    expect(policy).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...CANCELLATION_TIERS.map((tier) => tier.rule), notRefundedRule()]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancel).toHaveBeenCalledWith('b-paid');
    const card = await expectShownUnder('Cancelled', '/bookings?tab=cancelled', 'Bridal Makeup');
    expect(card).toHaveTextContent('Refund₹5,000.00, refund on its way (5–7 working days)');
  });

  it('the terms failing to load: says so with Retry, and it cannot be confirmed until they come', async () => {
    load.mockResolvedValue([PAID]);
    getTerms.mockRejectedValueOnce(new ApiError(503, 'Service unavailable'));
    const user = userEvent.setup();
    renderRoute('/bookings?tab=confirmed');
    await user.click(within(await screen.findByRole('article', { name: 'Bridal Makeup' })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("We couldn't load what you would get back.");
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
    getTerms.mockResolvedValueOnce(termsOf('b-paid', 1_000_000, 0, 2));
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('You get nothing back of the ₹10,000.00 advance.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  });
});

describe('withdrawing a request', () => {
  it('asks first; on confirmation withdraws it, toasts, and shows the request under Cancelled', async () => {
    withdraw.mockResolvedValue({ ...LIST[0]!, status: 'cancelled' });
    const user = userEvent.setup();
    renderRoute('/bookings');
    const haldi = await screen.findByRole('article', { name: 'Haldi Photography' });
    await user.click(within(haldi).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(dialog).toHaveAccessibleDescription(/Your request for Haldi Photography, .* will be withdrawn before Lens Studio answers\. Nothing has been paid\./);
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(withdraw).not.toHaveBeenCalled();

    await user.click(within(haldi).getByRole('button', { name: 'Withdraw' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdraw).toHaveBeenCalledWith('b-req');
    expect(toastSuccess).toHaveBeenCalledWith('Request withdrawn');
    const withdrawn = await expectShownUnder('Cancelled', '/bookings?tab=cancelled', 'Haldi Photography');
    expect(within(withdrawn).getByText('Cancelled')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Requested' }));
    expect(screen.queryByRole('article', { name: 'Haldi Photography' })).not.toBeInTheDocument();
  });
});

describe('reviewing a paid booking that has taken place', () => {
  const DONE = booking('b-done', { status: 'confirmed', menuName: 'Haldi Shoot', serviceTitle: 'Lens Studio Photography', preferredDateRange: { from: '2026-11-20', to: '2026-11-20' } });

  it('Rate & review asks for stars and words (checked before sending), posts them once, and the card shows the review', async () => {
    load.mockResolvedValue([DONE]);
    jest.mocked(reviewBooking).mockResolvedValue({ ...DONE, review: { rating: 4, text: 'Lovely candid photos.', date: '2026-11-25' } });
    const user = userEvent.setup();
    renderRoute('/bookings?tab=confirmed');
    const card = await screen.findByRole('article', { name: 'Haldi Shoot' });
    await user.click(within(card).getByRole('button', { name: 'Rate & review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Lens Studio Photography' });

    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(within(dialog).getByText('Choose from 1 to 5 stars')).toBeInTheDocument();
    expect(within(dialog).getByText('Write a few words about it')).toBeInTheDocument();
    expect(reviewBooking).not.toHaveBeenCalled();

    // a tap on the fourth star (MUI's Rating reads pointer positions jsdom does not lay out: the radio's own click)
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 Stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Lovely candid photos.');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reviewBooking).toHaveBeenCalledWith('b-done', { rating: 4, text: 'Lovely candid photos.' });
    expect(toastSuccess).toHaveBeenCalledWith('Thanks! Your review is on the service’s page.');
    const reviewed = screen.getByRole('article', { name: 'Haldi Shoot' });
    expect(reviewed).toHaveTextContent('Your review4 out of 5 stars: Lovely candid photos.');
    expect(within(reviewed).queryByRole('button', { name: 'Rate & review' })).not.toBeInTheDocument();
  });

  it('the API refusing (already reviewed) says why and keeps what was typed', async () => {
    load.mockResolvedValue([DONE]);
    jest.mocked(reviewBooking).mockRejectedValue(new ApiError(409, 'You have already reviewed this booking.'));
    const user = userEvent.setup();
    renderRoute('/bookings?tab=confirmed');
    await user.click(within(await screen.findByRole('article', { name: 'Haldi Shoot' })).getByRole('button', { name: 'Rate & review' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: '5 Stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your review' }), 'Great');
    await user.click(within(dialog).getByRole('button', { name: 'Post review' }));
    expect(await within(dialog).findByText('You have already reviewed this booking.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your review' })).toHaveValue('Great');
  });

  it('a booking not yet taken place, or not paid, offers no review', async () => {
    load.mockResolvedValue([booking('b-ahead', { status: 'confirmed', menuName: 'Ahead Shoot' }), booking('b-acc2', { status: 'accepted', menuName: 'Unpaid Shoot', preferredDateRange: { from: '2026-11-20', to: '2026-11-20' } })]);
    renderRoute('/bookings?tab=confirmed');
    const ahead = await screen.findByRole('article', { name: 'Ahead Shoot' });
    expect(within(ahead).queryByRole('button', { name: 'Rate & review' })).not.toBeInTheDocument();
  });
});
