import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, useSession } from '@utsav/contracts';
import { getEarnings, getEarningsCsv, getProviderListings, getProviderReviews, replyToReview } from '@utsav/contracts/provider';
import type { ProviderEarnings, ProviderReview } from '@utsav/contracts/schemas';
import { LISTINGS, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const zero = { advances: 0, refunds: 0, platformFee: 0, gst: 0, net: 0, payments: 0, refundCount: 0 };
/** Figures as the server read them from the ledger: the page shows them, it adds nothing up. */
const EARNINGS: ProviderEarnings = {
  providerId: 'p-1',
  currency: 'INR',
  months: [
    { month: '2026-11', advances: 1_000_000, refunds: 250_000, platformFee: 20_000, gst: 3_600, net: 750_000, payments: 2, refundCount: 1 },
    { month: '2026-10', ...zero },
    { month: '2026-09', advances: 500_000, refunds: 0, platformFee: 10_000, gst: 1_800, net: 500_000, payments: 1, refundCount: 0 },
  ],
  // deliberately not the months' sums: the page must show the server's totals as they are
  totals: { advances: 1_500_001, refunds: 250_000, platformFee: 30_000, gst: 5_400, net: 1_250_001, payments: 3, refundCount: 1 },
};

const REVIEW: ProviderReview = { reviewId: 'r-1', authorName: 'Asha Rao', rating: 4, text: 'Lovely photos', date: '2026-11-20', verified: true, serviceId: 's1', serviceTitle: 'Lens Studio Photography' };

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(getEarnings).mockResolvedValue(EARNINGS);
});

it("shows the ledger's totals and each month with activity, in rupees, as the server computed them", async () => {
  renderRoute('/provider/earnings');
  const totals = await screen.findByRole('region', { name: 'Last 3 months' }, { timeout: 5_000 });
  const rows = Object.fromEntries(within(totals).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
  expect(rows).toEqual({
    'Advances (3 payments)': '₹15,000.01',
    'Refunds (1)': '− ₹2,500.00',
    'You keep': '₹12,500.01',
    'Platform fee on invoices': '₹300.00',
    'GST on the fee': '₹54.00',
  });
  expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['November 2026', 'September 2026']);
  expect(within(screen.getByRole('listitem', { name: 'November 2026' })).getByText('₹10,000.00')).toBeInTheDocument();
});

it('downloads the CSV with the credential (not a plain link)', async () => {
  const user = userEvent.setup();
  const created = jest.fn(() => 'blob:csv');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  jest.mocked(getEarningsCsv).mockResolvedValue(new Blob(['month,advances\n']));
  renderRoute('/provider/earnings');
  await user.click(await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 5_000 }));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(getEarningsCsv).toHaveBeenCalledWith('p-1');
  expect(created).toHaveBeenCalled();
});

it('replies once to a review; the reply then shows in place of the form', async () => {
  const user = userEvent.setup();
  jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.mocked(getProviderReviews).mockResolvedValue({ results: [REVIEW], total: 1, unanswered: 1, limit: 10, offset: 0 });
  jest.mocked(replyToReview).mockResolvedValue({ ...REVIEW, reply: { text: 'Thank you, Asha!', date: '2026-11-29' } });
  renderRoute('/provider/reviews');
  const review = await screen.findByRole('listitem', { name: 'Review by Asha Rao' }, { timeout: 5_000 });
  expect(screen.getByText('1 review, 1 without a reply')).toBeInTheDocument();
  await user.click(within(review).getByRole('button', { name: 'Write a reply to Asha Rao' }));
  await user.click(within(review).getByRole('button', { name: 'Post reply' }));
  expect(within(review).getByText('Write a reply first')).toBeInTheDocument();
  await user.type(within(review).getByRole('textbox', { name: 'Your reply' }), 'Thank you, Asha!');
  await user.click(within(review).getByRole('button', { name: 'Post reply' }));
  expect(replyToReview).toHaveBeenCalledWith('p-1', 'r-1', 'Thank you, Asha!');
  expect(await within(review).findByRole('region', { name: 'Your reply' })).toHaveTextContent('Your reply, 29 Nov 2026Thank you, Asha!');
  expect(within(review).queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.getByText('1 review, 0 without a reply')).toBeInTheDocument();
});
