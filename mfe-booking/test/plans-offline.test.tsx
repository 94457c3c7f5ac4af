import { act, screen, within } from '@testing-library/react';
import { ApiError, OFFLINE_MESSAGE, saveAnswer, useSession } from '@utsav/contracts';
import { getPlan, getPlans, getShortlist } from '@utsav/contracts/plans';
import type { Plan, ShortlistEntry } from '@utsav/contracts/schemas';
import { SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/plans', () => ({
  ...jest.requireActual('@utsav/contracts/plans'),
  getPlans: jest.fn(),
  getPlan: jest.fn(),
  getShortlist: jest.fn(),
}));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const onLine = jest.spyOn(window.navigator, 'onLine', 'get');
const unreachable = () => new ApiError(0, OFFLINE_MESSAGE);

const PLAN: Plan = {
  planId: 'p1',
  title: 'Asha & Rohan',
  from: '2027-02-10',
  to: '2027-02-14',
  homeCity: 'Jaipur',
  events: [{ eventId: 'e-wed', kind: 'wedding', name: '', date: '2027-02-12', city: 'Jaipur', guests: 300 }],
  createdAt: '2026-11-01T10:00:00.000Z',
};
const ENTRY: ShortlistEntry = {
  serviceId: 's1',
  eventId: 'e-wed',
  addedAt: '2026-11-20T10:00:00.000Z',
  service: { title: 'Lens Craft', category: 'Photography', city: 'Jaipur', priceFrom: 5_000_000, rating: 4.5, reviewCount: 12, providerName: 'Lens Craft Studio', image: null },
};

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  onLine.mockReturnValue(true);
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
});

describe('Plans offline (issue 37: offline read of the plan)', () => {
  it('keeps the plans and the shortlist on this device as they are answered', async () => {
    jest.mocked(getPlans).mockResolvedValue([PLAN]);
    jest.mocked(getShortlist).mockResolvedValue([ENTRY]);
    renderRoute('/shortlist');
    await screen.findByRole('listitem', { name: 'Lens Craft' });
    const kept = (name: string) => JSON.parse(localStorage.getItem(`utsav.saved:user-1:${name}`) ?? 'null') as { data: unknown[] } | null;
    expect(kept('shortlist')?.data).toHaveLength(1);
    expect(kept('plans')?.data).toHaveLength(1);
  });

  it('shows the saved plan read-only when the API cannot be reached, with what is saved for its events', async () => {
    saveAnswer('user-1', 'plans', [PLAN], new Date('2026-11-24T15:42:00+05:30'));
    saveAnswer('user-1', 'shortlist', [ENTRY]);
    jest.mocked(getPlan).mockRejectedValue(unreachable());
    jest.mocked(getShortlist).mockRejectedValue(unreachable());
    onLine.mockReturnValue(false);
    renderRoute('/plans/p1');
    expect(await screen.findByText(/Saved on this device 24 Nov 2026, 3:42 PM\./)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Asha & Rohan' })).toBeVisible();
    const wedding = screen.getByRole('listitem', { name: 'Wedding' });
    expect(await within(wedding).findByRole('link', { name: '1 saved vendor' })).toBeVisible();
    expect(within(wedding).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add event' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete plan' })).not.toBeInTheDocument();
  });

  it('shows the saved shortlist read-only, and asks again when the connection returns', async () => {
    saveAnswer('user-1', 'shortlist', [ENTRY]);
    saveAnswer('user-1', 'plans', [PLAN]);
    jest.mocked(getShortlist).mockRejectedValueOnce(unreachable()).mockResolvedValue([ENTRY]);
    jest.mocked(getPlans).mockRejectedValueOnce(unreachable()).mockResolvedValue([PLAN]);
    onLine.mockReturnValue(false);
    renderRoute('/shortlist');
    expect(await screen.findByText(/You can look at your shortlist; changing it needs a connection\./)).toBeVisible();
    const item = screen.getByRole('listitem', { name: 'Lens Craft' });
    expect(within(item).getByLabelText('For')).toBeDisabled();
    expect(within(item).getByLabelText('For')).toHaveDisplayValue('Wedding');
    expect(within(item).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('checkbox', { name: 'Compare' })).toBeEnabled();
    expect(getShortlist).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(/changing it needs a connection/)).not.toBeInTheDocument();
  });

  it('says the plans could not be loaded when nothing is kept', async () => {
    jest.mocked(getPlans).mockRejectedValue(unreachable());
    renderRoute('/plans');
    expect(await screen.findByText("We couldn't load your plans.")).toBeVisible();
  });
});
