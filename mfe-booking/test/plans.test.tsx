import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, changeLocale, toast, useSession } from '@utsav/contracts';
import {
  addPlanEvent,
  compareShortlisted,
  createPlan,
  deletePlanEvent,
  getPlan,
  getPlans,
  getShortlist,
  removeFromShortlist,
  saveToShortlist,
  updatePlanEvent,
} from '@utsav/contracts/plans';
import type { Plan, PlanEvent, ShortlistEntry } from '@utsav/contracts/schemas';
import { SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/plans', () => {
  const actual = jest.requireActual('@utsav/contracts/plans');
  const calls = ['getPlans', 'getPlan', 'createPlan', 'updatePlan', 'deletePlan', 'addPlanEvent', 'updatePlanEvent', 'deletePlanEvent', 'getShortlist', 'saveToShortlist', 'removeFromShortlist', 'compareShortlisted'];
  return { ...actual, ...Object.fromEntries(calls.map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const HALDI: PlanEvent = { eventId: 'e-haldi', kind: 'haldi', name: '', date: '2027-02-11', city: 'Jaipur', guests: 80 };
const WEDDING: PlanEvent = { eventId: 'e-wed', kind: 'wedding', name: 'Pheras', date: '2027-02-12', city: 'Jaipur', guests: 300 };

function plan(extra: Partial<Plan> = {}): Plan {
  return { planId: 'p1', title: 'Asha & Rohan', from: '2027-02-10', to: '2027-02-14', homeCity: 'Jaipur', events: [HALDI, WEDDING], createdAt: '2026-11-01T10:00:00.000Z', ...extra };
}

function entry(serviceId: string, title: string, eventId: string | null, extra: Partial<ShortlistEntry['service']> = {}): ShortlistEntry {
  return {
    serviceId,
    eventId,
    addedAt: '2026-11-20T10:00:00.000Z',
    service: { title, category: 'Photography', city: 'Jaipur', priceFrom: 5_000_000, rating: 4.5, reviewCount: 12, providerName: `${title} Studio`, image: null, ...extra },
  };
}

const SHORTLIST = [entry('s1', 'Lens Craft', 'e-haldi'), entry('s2', 'Pixel Pheras', 'e-wed'), entry('s3', 'Candid Co', null, { rating: null, reviewCount: 0 })];

let toastSuccess: jest.SpyInstance;
let toastError: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getPlans).mockResolvedValue([plan()]);
  jest.mocked(getPlan).mockResolvedValue(plan());
  jest.mocked(getShortlist).mockResolvedValue(SHORTLIST);
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

describe('Wedding plans', () => {
  it('lists the plans with their dates, city and number of events, each leading to its page', async () => {
    renderRoute('/plans');
    const list = await screen.findByRole('list', { name: 'Your plans' });
    const link = within(list).getByRole('link', { name: /Asha & Rohan/ });
    expect(link).toHaveTextContent('10 Feb 2027 – 14 Feb 2027 · Jaipur');
    expect(link).toHaveTextContent('2 events');
    await userEvent.click(link);
    expect(currentLocation()).toBe('/plans/p1');
  });

  it('says there are none yet', async () => {
    jest.mocked(getPlans).mockResolvedValue([]);
    renderRoute('/plans');
    expect(await screen.findByText(/No plans yet/)).toBeInTheDocument();
  });

  it("creates a plan after the API's schema has checked the form, then opens it", async () => {
    const user = userEvent.setup();
    jest.mocked(createPlan).mockResolvedValue(plan({ planId: 'p2', title: 'Our wedding', events: [] }));
    renderRoute('/plans');
    await user.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New wedding plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await within(dialog).findByText('Plan name is required')).toBeInTheDocument();
    expect(createPlan).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Plan name'), 'Our wedding');
    await user.type(within(dialog).getByLabelText('From'), '2027-02-10');
    await user.type(within(dialog).getByLabelText('To'), '2027-02-14');
    await user.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    await waitFor(() => expect(currentLocation()).toBe('/plans/p2'));
    expect(createPlan).toHaveBeenCalledWith({ title: 'Our wedding', from: '2027-02-10', to: '2027-02-14', homeCity: '' });
    expect(toastSuccess).toHaveBeenCalledWith('Plan created');
  });
});

describe('A plan', () => {
  it('shows its events by date, each with what is saved for it', async () => {
    renderRoute('/plans/p1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Asha & Rohan' })).toBeInTheDocument();
    const events = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(events.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Haldi', 'Pheras']);
    const haldi = screen.getByRole('listitem', { name: 'Haldi' });
    expect(haldi).toHaveTextContent('11 Feb 2027');
    expect(haldi).toHaveTextContent('Guests80');
    expect(await within(haldi).findByRole('link', { name: '1 saved vendor' })).toHaveAttribute('href', '/shortlist?event=e-haldi');
  });

  it('adds an event: the guests must be a whole number, the server answers, and the list shows it in date order', async () => {
    const user = userEvent.setup();
    const sangeet: PlanEvent = { eventId: 'e-sangeet', kind: 'sangeet', name: '', date: '2027-02-10', city: 'Jaipur', guests: 150 };
    jest.mocked(addPlanEvent).mockResolvedValue(sangeet);
    renderRoute('/plans/p1');
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an event' });
    await user.selectOptions(within(dialog).getByLabelText('Event'), 'Sangeet');
    await user.type(within(dialog).getByLabelText('Date'), '2027-02-10');
    await user.type(within(dialog).getByLabelText('Guests'), '15.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText(/whole number/)).toBeInTheDocument();
    expect(addPlanEvent).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Guests'));
    await user.type(within(dialog).getByLabelText('Guests'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(addPlanEvent).toHaveBeenCalledWith('p1', { kind: 'sangeet', name: '', date: '2027-02-10', city: 'Jaipur', guests: 150 });
    const events = within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem');
    expect(events.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Sangeet', 'Haldi', 'Pheras']);
  });

  it("says the server's refusal in the dialog and keeps what was typed", async () => {
    const user = userEvent.setup();
    jest.mocked(updatePlanEvent).mockRejectedValue(new ApiError(400, 'The date must be within the plan’s dates.'));
    renderRoute('/plans/p1');
    await user.click(await screen.findByRole('button', { name: 'Edit Pheras' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '2027-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The date must be within the plan’s dates.');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2027-03-01');
    expect(toastError).toHaveBeenCalled();
  });

  it('deletes an event after asking', async () => {
    const user = userEvent.setup();
    jest.mocked(deletePlanEvent).mockResolvedValue(undefined);
    renderRoute('/plans/p1');
    await user.click(await screen.findByRole('button', { name: 'Delete Haldi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Haldi' })).not.toBeInTheDocument());
    expect(deletePlanEvent).toHaveBeenCalledWith('p1', 'e-haldi');
    expect(screen.getByRole('listitem', { name: 'Pheras' })).toBeInTheDocument();
  });

  it("says so when the plan is not (any more) the consumer's", async () => {
    jest.mocked(getPlan).mockRejectedValue(new ApiError(404, 'Plan not found'));
    renderRoute('/plans/gone');
    expect(await screen.findByText("This plan isn't there any more.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your plans' })).toHaveAttribute('href', '/plans');
  });
});

describe('The shortlist', () => {
  const names = () => within(screen.getByRole('list', { name: 'Saved services' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'));

  it("shows every saved service, or one event's, or those for none", async () => {
    const user = userEvent.setup();
    renderRoute('/shortlist');
    await screen.findByRole('list', { name: 'Saved services' });
    expect(names()).toEqual(['Lens Craft', 'Pixel Pheras', 'Candid Co']);
    const filters = screen.getByRole('group', { name: 'Show' });
    await user.click(within(filters).getByRole('button', { name: 'Pheras' }));
    expect(currentLocation()).toBe('/shortlist?event=e-wed');
    expect(names()).toEqual(['Pixel Pheras']);
    await user.click(within(filters).getByRole('button', { name: 'No event yet' }));
    expect(names()).toEqual(['Candid Co']);
    expect(screen.getByRole('listitem', { name: 'Candid Co' })).toHaveTextContent('No reviews yet');
  });

  it('moves a service to an event with the answer the server gave', async () => {
    const user = userEvent.setup();
    jest.mocked(saveToShortlist).mockResolvedValue(entry('s3', 'Candid Co', 'e-haldi', { rating: null, reviewCount: 0 }));
    renderRoute('/shortlist?event=e-haldi');
    await screen.findByRole('list', { name: 'Saved services' });
    expect(names()).toEqual(['Lens Craft']);
    await user.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'All' }));
    await user.selectOptions(within(screen.getByRole('listitem', { name: 'Candid Co' })).getByLabelText('For'), 'Haldi');
    expect(saveToShortlist).toHaveBeenCalledWith('s3', 'e-haldi');
    await user.click(within(screen.getByRole('group', { name: 'Show' })).getByRole('button', { name: 'Haldi' }));
    await waitFor(() => expect(names()).toEqual(['Lens Craft', 'Candid Co']));
  });

  it('takes a service off; a failure says why and keeps it', async () => {
    const user = userEvent.setup();
    jest.mocked(removeFromShortlist).mockRejectedValueOnce(new ApiError(503, 'Service unavailable')).mockResolvedValueOnce(undefined);
    renderRoute('/shortlist');
    await user.click(await screen.findByRole('button', { name: 'Remove Lens Craft from your shortlist' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Your shortlist wasn't changed: Service unavailable"));
    expect(names()).toContain('Lens Craft');
    await user.click(screen.getByRole('button', { name: 'Remove Lens Craft from your shortlist' }));
    await waitFor(() => expect(names()).toEqual(['Pixel Pheras', 'Candid Co']));
    expect(toastSuccess).toHaveBeenCalledWith('Lens Craft removed from your shortlist');
  });

  it('compares two to four ticked services, for the event shown', async () => {
    const user = userEvent.setup();
    jest.mocked(getShortlist).mockResolvedValue([
      entry('s1', 'A', 'e-wed'),
      entry('s2', 'B', 'e-wed'),
      entry('s4', 'C', 'e-wed'),
      entry('s5', 'D', 'e-wed'),
      entry('s6', 'E', 'e-wed'),
    ]);
    jest.mocked(compareShortlisted).mockResolvedValue({ event: null, services: [] });
    renderRoute('/shortlist?event=e-wed');
    await screen.findByRole('list', { name: 'Saved services' });
    const tick = (name: string) => within(screen.getByRole('listitem', { name })).getByRole('checkbox', { name: 'Compare' });
    await user.click(tick('A'));
    expect(screen.getByRole('status')).toHaveTextContent('1 of 4 chosen');
    expect(screen.getByRole('link', { name: 'Compare (1)' })).toHaveAttribute('aria-disabled', 'true');
    for (const name of ['B', 'C', 'D']) await user.click(tick(name));
    expect(tick('E')).toBeDisabled();
    await user.click(screen.getByRole('link', { name: 'Compare (4)' }));
    expect(currentLocation()).toBe('/shortlist/compare?serviceIds=s1%2Cs2%2Cs4%2Cs5&eventId=e-wed');
  });
});

describe('Compare', () => {
  it('puts the services side by side, with whether each is free on the event date', async () => {
    jest.mocked(compareShortlisted).mockResolvedValue({
      event: { eventId: 'e-wed', date: '2027-02-12' },
      services: [
        { ...entry('s1', 'Lens Craft', 'e-wed').service, serviceId: 's1', cancellationTerms: 'Full refund up to 30 days before.', capacity: true },
        { ...entry('s2', 'Pixel Pheras', 'e-wed', { priceFrom: 7_500_000 }).service, serviceId: 's2', cancellationTerms: 'No refund.', capacity: false },
      ],
    });
    renderRoute('/shortlist/compare?serviceIds=s1,s2&eventId=e-wed');
    const table = await screen.findByRole('table');
    expect(compareShortlisted).toHaveBeenCalledWith(['s1', 's2'], 'e-wed', expect.anything());
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Lens Craft', 'Pixel Pheras']);
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Price from')).toHaveTextContent('₹50,000.00₹75,000.00');
    expect(row('Free on 12 Feb 2027')).toHaveTextContent('YesFully booked');
    expect(row('Cancellation')).toHaveTextContent('No refund.');
  });

  it("says the server's words for an address it refuses, and leads back", async () => {
    jest.mocked(compareShortlisted).mockRejectedValue(new ApiError(400, 'Choose 2 to 4 services to compare.'));
    renderRoute('/shortlist/compare?serviceIds=s1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose 2 to 4 services to compare.');
    expect(screen.getByRole('link', { name: 'Back to your shortlist' })).toHaveAttribute('href', '/shortlist');
  });
});

describe('In Hindi', () => {
  afterEach(async () => {
    await act(() => changeLocale('en-IN'));
  });

  it("shows a plan's events, their kinds and dates in Hindi", async () => {
    renderRoute('/plans/p1');
    await screen.findByRole('heading', { level: 1, name: 'Asha & Rohan' });
    await act(() => changeLocale('hi-IN'));
    expect(await screen.findByRole('heading', { level: 2, name: 'रस्में' })).toBeInTheDocument();
    const haldi = screen.getByRole('listitem', { name: 'हल्दी' });
    expect(haldi).toHaveTextContent('तारीख़11 फ़र॰ 2027');
    expect(within(haldi).getByRole('link', { name: '1 सहेजे वेंडर' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'रस्म जोड़ें' })).toBeInTheDocument();
    expect(screen.queryByText('Events')).not.toBeInTheDocument();
  });
});
