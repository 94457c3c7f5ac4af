import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, cacheOf, changeLocale, loadLocale, routesOf, toast, useSession, utsavStore } from '@utsav/contracts';
import { planResources } from '@utsav/contracts/plan-resources';
import { createPlanShare, getPlan, getPlanShare, getSharedPlan, getShortlist, planKeys, revokePlanShare, updatePlanShare } from '@utsav/contracts/plans';
import { createRouteRenderer } from '@utsav/contracts/testing';
import type { Plan, SharedPlan } from '@utsav/contracts/schemas';
import PlanDetailPage from '../src/pages/PlanDetail';
import SharedPlanPage, { head } from '../src/pages/SharedPlan';
import { SIGNED_IN } from './support/fixtures';

jest.mock('@utsav/contracts/plans', () => {
  const actual = jest.requireActual('@utsav/contracts/plans');
  const calls = ['getPlan', 'getShortlist', 'getPlanShare', 'createPlanShare', 'updatePlanShare', 'revokePlanShare', 'getSharedPlan'];
  return { ...actual, ...Object.fromEntries(calls.map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

/** The plan page and the shared page on their real paths; the remote's other pages are not drawn here. */
const renderRoute = createRouteRenderer({
  remote: 'booking',
  pages: { ...Object.fromEntries(routesOf('booking').map((route) => [route.module, () => null])), './PlanDetail': PlanDetailPage, './SharedPlan': SharedPlanPage },
  elsewhere: { '/': 'Home page' },
});

const TOKEN = 'Zk3_q9dLx0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456';
const TITLE = 'Asha & Rohan';

function sharedPlan(extra: Partial<SharedPlan> = {}): SharedPlan {
  return {
    title: TITLE,
    from: '2027-02-10',
    to: '2027-02-14',
    homeCity: 'Jaipur',
    showPrices: false,
    events: [
      { kind: 'haldi', name: '', date: '2027-02-11', city: 'Jaipur', vendors: [] },
      {
        kind: 'wedding',
        name: 'Pheras',
        date: '2027-02-12',
        city: 'Udaipur',
        vendors: [{ title: 'Lens Studio Photography', category: 'Photography', providerName: 'Lens Studio', amount: null }],
      },
    ],
    ...extra,
  };
}

const PLAN: Plan = { planId: 'p1', title: TITLE, from: '2027-02-10', to: '2027-02-14', homeCity: 'Jaipur', events: [], createdAt: '2026-11-01T10:00:00.000Z' };

let toastSuccess: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  cacheOf(utsavStore).clear();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getPlan).mockResolvedValue(PLAN);
  jest.mocked(getShortlist).mockResolvedValue([]);
  jest.mocked(getSharedPlan).mockResolvedValue(sharedPlan());
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
});

describe('a shared plan, as family members open its link (no sign-in)', () => {
  it("shows the plan's title, dates and city, its events by date and the vendors booked, without prices", async () => {
    jest.mocked(useSession).mockReturnValue({ status: 'signedOut' });
    renderRoute(`/shared/plan/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(getSharedPlan).toHaveBeenCalledWith(TOKEN, expect.anything());
    expect(screen.getByText('10 Feb 2027 – 14 Feb 2027 · Jaipur')).toBeInTheDocument();
    expect(screen.getByText('Shared by the couple to read. Only they can change it.')).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem', { name: /./ });
    expect(events.map((event) => event.getAttribute('aria-label'))).toEqual(['Haldi', 'Pheras']);
    expect(within(events[0]!).getByText('No vendors booked yet.')).toBeInTheDocument();
    const booked = within(events[1]!).getByRole('list', { name: 'Booked: Pheras' });
    expect(within(booked).getByRole('listitem')).toHaveTextContent('Lens Studio Photography by Lens Studio');
    expect(within(events[1]!).getByText('Udaipur')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('₹');
    // read only: nothing to change
    expect(screen.queryByRole('button', { name: /edit|delete|share/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Planning a wedding too? Plan it on Utsav' })).toHaveAttribute('href', '/');
  });

  it('shows each booked price when the couple chose to', async () => {
    const withPrices = sharedPlan({ showPrices: true });
    withPrices.events[1]!.vendors[0]!.amount = 5_750_050;
    jest.mocked(getSharedPlan).mockResolvedValue(withPrices);
    renderRoute(`/shared/plan/${TOKEN}`);
    const booked = await screen.findByRole('list', { name: 'Booked: Pheras' });
    expect(within(booked).getByRole('listitem')).toHaveTextContent('Lens Studio Photography by Lens Studio₹57,500.50');
  });

  it('a link that no longer works says so, and leads to the app', async () => {
    jest.mocked(getSharedPlan).mockRejectedValue(new ApiError(404, 'This link no longer works. Ask the couple for a new one.'));
    renderRoute(`/shared/plan/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This link no longer works' })).toBeInTheDocument();
    expect(screen.getByText(/Ask them for the latest one\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Utsav' })).toHaveAttribute('href', '/');
  });

  it('another failure offers to try again', async () => {
    jest.mocked(getSharedPlan).mockRejectedValueOnce(new ApiError(502, 'Server responded with 502')).mockResolvedValue(sharedPlan());
    renderRoute(`/shared/plan/${TOKEN}`);
    expect(await screen.findByText("We couldn't load this plan.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    await act(() => changeLocale('hi-IN'));
    renderRoute(`/shared/plan/${TOKEN}`);
    expect(await screen.findByText('जोड़े ने इसे पढ़ने के लिए साझा किया है। इसे सिर्फ़ वही बदल सकते हैं।')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'कार्यक्रम' })).toBeInTheDocument();
    expect(screen.getByText('Lens Studio की Lens Studio Photography')).toBeInTheDocument();
  });
});

describe("the shared link's head (the server writes it for WhatsApp's preview)", () => {
  const address = (locale: 'en-IN' | 'hi-IN' = 'en-IN') => ({ params: { token: TOKEN }, search: new URLSearchParams(), locale });

  it("names the plan, its dates, city and number of events, with the app's picture, never indexed", async () => {
    cacheOf(utsavStore).set(planKeys.sharedPlan(TOKEN), sharedPlan());
    expect(head(address())).toEqual({
      title: TITLE,
      description: '10 Feb 2027 – 14 Feb 2027 · Jaipur · 2 events',
      image: '/icons/icon-512.png',
      noindex: true,
    });
    await loadLocale('hi-IN');
    expect(head(address('hi-IN'))?.description).toMatch(/· Jaipur · 2 कार्यक्रम$/);
  });

  it('a link that does not work is a 404 that says so; an API that could not be asked leaves the app its head', async () => {
    const cache = cacheOf(utsavStore);
    jest.mocked(getSharedPlan).mockRejectedValueOnce(new ApiError(404, 'gone'));
    cache.prefetch(planResources.sharedPlan(TOKEN));
    await cache.dehydrate();
    expect(head(address())).toEqual({ title: 'This link no longer works', noindex: true, status: 404 });

    jest.mocked(getSharedPlan).mockRejectedValueOnce(new ApiError(0, 'offline'));
    cache.clear();
    cache.prefetch(planResources.sharedPlan(TOKEN));
    await cache.dehydrate();
    expect(head(address())).toBeNull();
  });
});

describe('the owner shares their plan from its page', () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderRoute('/plans/p1');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    return { user, dialog: await screen.findByRole('dialog', { name: 'Share this plan' }) };
  }

  it('makes a link (prices hidden unless chosen), copies it, sends it on WhatsApp, shows prices, then stops sharing', async () => {
    jest.mocked(getPlanShare).mockResolvedValue(null);
    jest.mocked(createPlanShare).mockResolvedValue({ token: TOKEN, showPrices: false, createdAt: '2026-12-01T10:00:00.000Z' });
    jest.mocked(updatePlanShare).mockResolvedValue({ showPrices: true, createdAt: '2026-12-01T10:00:00.000Z' });
    jest.mocked(revokePlanShare).mockResolvedValue(undefined);
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText(/Make a private link your family can open without signing in/)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /Show prices/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(createPlanShare).toHaveBeenCalledWith('p1', { showPrices: false });
    expect(toastSuccess).toHaveBeenCalledWith('Link created');

    const link = `${window.location.origin}/shared/plan/${TOKEN}`;
    expect(await within(dialog).findByRole('textbox', { name: 'Link to the plan' })).toHaveValue(link);
    const whatsApp = within(dialog).getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(whatsApp.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/');
    expect(href.searchParams.get('text')).toBe(`${TITLE}: our wedding plan on Utsav (the events, their dates and our vendors). ${link}`);
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(toastSuccess).toHaveBeenCalledWith('Link copied');

    await user.click(within(dialog).getByRole('switch', { name: /Show prices/ }));
    expect(updatePlanShare).toHaveBeenCalledWith('p1', { showPrices: true });
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: /Show prices/ })).toBeChecked());
    expect(toastSuccess).toHaveBeenCalledWith('Prices are shown on the link');

    await user.click(within(dialog).getByRole('button', { name: 'Stop sharing' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sharing this plan?' });
    expect(confirm).toHaveTextContent('The link stops working at once for everyone who has it.');
    await user.click(within(confirm).getByRole('button', { name: 'Stop sharing' }));
    expect(revokePlanShare).toHaveBeenCalledWith('p1');
    expect(toastSuccess).toHaveBeenCalledWith('The link no longer works');
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Link to the plan' })).not.toBeInTheDocument();
  });

  it('a plan shared before: says since when, keeps no copy of the link, and a new link replaces it', async () => {
    jest.mocked(getPlanShare).mockResolvedValue({ showPrices: true, createdAt: '2026-11-20T10:00:00.000Z' });
    jest.mocked(createPlanShare).mockResolvedValue({ token: TOKEN.replace('Z', 'Y'), showPrices: true, createdAt: '2026-12-01T10:00:00.000Z' });
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Your plan is shared: the link has worked since 20 Nov 2026.')).toBeInTheDocument();
    expect(within(dialog).getByText(/we keep no copy of the link/)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: /Show prices/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    // the new link keeps the owner's choice of prices
    expect(createPlanShare).toHaveBeenCalledWith('p1', { showPrices: true });
    expect(await within(dialog).findByRole('textbox', { name: 'Link to the plan' })).toHaveValue(`${window.location.origin}/shared/plan/${TOKEN.replace('Z', 'Y')}`);
  });
});
