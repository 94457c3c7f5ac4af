import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale, toast } from '@utsav/contracts';
import { getService, getServiceReviews } from '@utsav/contracts/catalog';
import { service } from './support/fixtures';
import { renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  jest.mocked(getService).mockResolvedValue(service({ averageRating: 4.5, reviewCount: 1 }));
  jest.mocked(getServiceReviews).mockResolvedValue({
    results: [{ reviewId: 'r1', authorName: 'Priya Sharma', rating: 4, text: 'Lovely candid shots.', date: '2026-11-20', verified: true, reply: { text: 'Thank you, Priya!', date: '2026-11-22' } }],
    total: 1,
    limit: 10,
    offset: 0,
  });
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
});

it('draws the service page in Hindi once the page turns to it: its words, its tabs and the reviews’ dates', async () => {
  const user = userEvent.setup();
  renderRoute('/service/s1');
  // the file's first full page: generous under a loaded machine
  await screen.findByRole('heading', { level: 1, name: 'Lens & Light Studio' }, { timeout: 5000 });
  expect(screen.getByRole('link', { name: 'View Menus' })).toBeInTheDocument();

  await act(() => changeLocale('hi-IN'));
  // the service's own data stays as the provider wrote it; the page's words are Hindi
  expect(screen.getByRole('heading', { level: 1, name: 'Lens & Light Studio' })).toBeInTheDocument();
  expect(screen.getByText('फ़ोटोग्राफ़ी · Mumbai, Maharashtra')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'मेन्यू देखें' })).toHaveAttribute('href', '/service/s1/menu');
  expect(screen.getByRole('button', { name: 'यह सर्विस शेयर करें' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Lens & Light Studio की फ़ोटो' })).toBeInTheDocument();
  expect(screen.getByText('(1 रिव्यू)')).toBeInTheDocument();
  expect(screen.getByText('₹25,000.00 से शुरू')).toBeInTheDocument();
  const tabs = screen.getByRole('tablist', { name: 'इस सर्विस के बारे में' });
  expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['विवरण', 'रिव्यू', 'सेवा प्रदाता']);
  expect(screen.getByText('कैटेगरी')).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'रिव्यू' }));
  const panel = screen.getByRole('tabpanel', { name: 'रिव्यू' });
  expect(await within(panel).findByText('1 में से 1 रिव्यू दिखाए जा रहे हैं')).toBeInTheDocument();
  const review = within(within(panel).getByRole('list', { name: 'रिव्यू' })).getByRole('listitem');
  expect(within(review).getByText('20 नव॰ 2026')).toBeInTheDocument();
  expect(within(review).getByRole('img', { name: '5 में से 4 स्टार' })).toBeInTheDocument();
  expect(within(review).getByText('वेरिफ़ाइड बुकिंग')).toBeInTheDocument();
  // the provider's reply: its label in Hindi, its words as the provider wrote them
  const reply = within(review).getByRole('group', { name: 'प्रोवाइडर का जवाब' });
  expect(within(reply).getByText('प्रोवाइडर का जवाब · 22 नव॰ 2026')).toBeInTheDocument();
  expect(within(reply).getByText('Thank you, Priya!')).toBeInTheDocument();
});
