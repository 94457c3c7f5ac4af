import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getService, getServiceReviews } from '@utsav/contracts/catalog';
import type { Review, ReviewPage } from '@utsav/contracts/schemas';
import { service } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/catalog');

const loadService = jest.mocked(getService);
const loadReviews = jest.mocked(getServiceReviews);

const TOTAL = 13;
/** 13 reviews, newest first */
const ALL: Review[] = Array.from({ length: TOTAL }, (_, index) => ({
  reviewId: `r${index}`,
  authorName: index === 0 ? 'Priya Sharma' : `Reviewer Number${index}`,
  rating: index === 0 ? 4 : 5,
  text: index === 0 ? 'The candid shots from the haldi are our favourites.' : `Review text ${index}.`,
  date: `2026-11-${String(20 - index).padStart(2, '0')}`,
  // the first was written about a booking that took place
  ...(index === 0 ? { verified: true as const } : {}),
  // the provider answered the second
  ...(index === 1 ? { reply: { text: 'Thank you!\nSee you at the reception.', date: '2026-11-21' } } : {}),
}));

function pageOf(offset: number, limit: number): ReviewPage {
  return { results: ALL.slice(offset, offset + limit), total: TOTAL, limit, offset };
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  loadService.mockResolvedValue(service({ averageRating: 4.9, reviewCount: TOTAL }));
  loadReviews.mockImplementation(async (_id, page = {}) => pageOf(page.offset ?? 0, page.limit ?? 10));
});

async function openReviews() {
  const user = userEvent.setup();
  renderRoute('/service/s1');
  await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' });
  await user.click(screen.getByRole('tab', { name: 'Reviews' }));
  return user;
}

const panel = () => screen.getByRole('tabpanel', { name: 'Reviews' });
const items = () => within(within(panel()).getByRole('list', { name: 'Reviews' })).getAllByRole('listitem');

it('lists the newest reviews: initials, name, stars, the date in words and the text', async () => {
  await openReviews();
  expect(await within(panel()).findByText(`Showing 10 of ${TOTAL} reviews`)).toBeInTheDocument();
  expect(loadReviews).toHaveBeenCalledWith('s1', { limit: 10, offset: 0 }, expect.any(AbortSignal));
  expect(items()).toHaveLength(10);
  const first = items()[0]!;
  expect(within(first).getByText('PS')).toBeInTheDocument();
  expect(within(first).getByRole('heading', { name: 'Priya Sharma' })).toBeInTheDocument();
  expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
  expect(within(first).getByText('20 Nov 2026')).toBeInTheDocument();
  expect(within(first).getByText('The candid shots from the haldi are our favourites.')).toBeInTheDocument();
  expect(within(first).getByText('Verified booking')).toBeInTheDocument();
  // only the ones the API marks
  expect(within(items()[1]!).queryByText('Verified booking')).not.toBeInTheDocument();
});

it('the provider’s reply shows under its review, with its date; a review without one shows none', async () => {
  await openReviews();
  await within(panel()).findByText(`Showing 10 of ${TOTAL} reviews`);
  const answered = items()[1]!;
  const reply = within(answered).getByRole('group', { name: 'Reply from the provider' });
  expect(within(reply).getByText('Reply from the provider · 21 Nov 2026')).toBeInTheDocument();
  // as text, its line break kept
  expect(within(reply).getByText((_, element) => element?.textContent === 'Thank you!\nSee you at the reception.' && element.tagName === 'P')).toBeInTheDocument();
  // under the review's own words
  expect(within(answered).getByText('Review text 1.').compareDocumentPosition(reply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(within(items()[0]!).queryByRole('group', { name: 'Reply from the provider' })).not.toBeInTheDocument();
  expect(within(items()[2]!).queryByText(/Reply from the provider/)).not.toBeInTheDocument();
});

it('the rating line’s count is the list’s total', async () => {
  await openReviews();
  await within(panel()).findByText(`Showing 10 of ${TOTAL} reviews`);
  expect(screen.getByText(`(${TOTAL} reviews)`)).toBeInTheDocument();
});

it('“Show more reviews” adds the next page after the first, then goes away at the end', async () => {
  const user = await openReviews();
  await user.click(await within(panel()).findByRole('button', { name: 'Show more reviews' }));
  expect(await within(panel()).findByText(`Showing ${TOTAL} of ${TOTAL} reviews`)).toBeInTheDocument();
  expect(loadReviews).toHaveBeenLastCalledWith('s1', { limit: 10, offset: 10 }, expect.any(AbortSignal));
  expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual(ALL.map((review) => review.authorName));
  expect(within(panel()).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
});

it('while a page loads the earlier reviews stay, with a loading status', async () => {
  const user = await openReviews();
  await within(panel()).findByText(`Showing 10 of ${TOTAL} reviews`);
  loadReviews.mockReturnValueOnce(new Promise(() => {}));
  await user.click(within(panel()).getByRole('button', { name: 'Show more reviews' }));
  expect(within(panel()).getByRole('status', { name: 'Loading reviews' })).toBeInTheDocument();
  expect(items()).toHaveLength(10);
});

it('a failed load says so with Retry (the contracts’ LoadError), and Retry loads it', async () => {
  loadReviews.mockRejectedValueOnce(new ApiError(500, 'Server responded with 500'));
  const user = await openReviews();
  expect(await within(panel()).findByRole('alert')).toHaveTextContent("We couldn't load the reviews.");
  await user.click(within(panel()).getByRole('button', { name: 'Retry' }));
  expect(await within(panel()).findByText(`Showing 10 of ${TOTAL} reviews`)).toBeInTheDocument();
  expect(within(panel()).queryByRole('alert')).not.toBeInTheDocument();
});

it('a service with no reviews says the spec’s “No reviews available.”', async () => {
  loadService.mockResolvedValue(service({ averageRating: null, reviewCount: 0 }));
  loadReviews.mockResolvedValue({ results: [], total: 0, limit: 10, offset: 0 });
  await openReviews();
  expect(await within(panel()).findByText('No reviews available.')).toBeInTheDocument();
  expect(screen.getByText('(0 reviews)')).toBeInTheDocument();
});
