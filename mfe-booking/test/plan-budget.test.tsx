import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, changeLocale, OFFLINE_MESSAGE, saveAnswer, toast, useSession, type Session } from '@utsav/contracts';
import { addOwnTask, deleteOwnTask, getChecklist, getPlan, getPlanBudget, getShortlist, markTask, savedBudgetName, savedChecklistName, setEventBudget, setPlanBudget } from '@utsav/contracts/plans';
import type { Checklist, ChecklistTask, EventBudget, Plan, PlanBudget } from '@utsav/contracts/schemas';
import { deferred, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/plans', () => {
  const actual = jest.requireActual('@utsav/contracts/plans');
  const calls = ['getPlan', 'getShortlist', 'getPlanBudget', 'setPlanBudget', 'setEventBudget', 'getChecklist', 'markTask', 'addOwnTask', 'deleteOwnTask', 'getPlanShare'];
  return { ...actual, ...Object.fromEntries(calls.map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const onLine = jest.spyOn(window.navigator, 'onLine', 'get');
const UID = (SIGNED_IN as Extract<Session, { status: 'signedIn' }>).uid;

const PLAN: Plan = {
  planId: 'p1',
  title: 'Asha & Rohan',
  from: '2027-02-10',
  to: '2027-02-14',
  homeCity: 'Jaipur',
  events: [
    { eventId: 'e-haldi', kind: 'haldi', name: '', date: '2027-02-11', city: 'Jaipur', guests: 80 },
    { eventId: 'e-wed', kind: 'wedding', name: 'Pheras', date: '2027-02-12', city: 'Jaipur', guests: 300 },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
};

const nothing = { booked: 0, paid: 0, quoted: 0, overBudget: false, overWithQuotes: false };
const HALDI: EventBudget = { eventId: 'e-haldi', kind: 'haldi', name: '', date: '2027-02-11', budget: null, remaining: null, ...nothing, items: [] };
const WEDDING: EventBudget = {
  eventId: 'e-wed',
  kind: 'wedding',
  name: 'Pheras',
  date: '2027-02-12',
  budget: 50_000_00,
  booked: 60_000_00,
  paid: 6_14_160,
  quoted: 1_00_000_00,
  remaining: -10_000_00,
  overBudget: true,
  overWithQuotes: true,
  items: [
    { kind: 'booking', id: 'b1', serviceId: 's1', serviceTitle: 'Lens Studio Photography', providerName: 'Lens Studio', category: 'Photography', amount: 60_000_00, paid: 6_14_160, status: 'confirmed', validUntil: null, counted: true },
    { kind: 'quote', id: 'q1', serviceId: 's3', serviceTitle: 'Annapurna Caterers', providerName: 'Annapurna', category: 'Catering', amount: 1_00_000_00, paid: 0, status: null, validUntil: '2026-12-20', counted: true },
    { kind: 'quote', id: 'q2', serviceId: 's4', serviceTitle: 'Royal Rasoi', providerName: 'Royal Rasoi', category: 'Catering', amount: 1_20_000_00, paid: 0, status: null, validUntil: '2026-12-22', counted: false },
  ],
};
const BUDGET: PlanBudget = { planId: 'p1', budget: 3_00_000_00, booked: 60_000_00, paid: 6_14_160, quoted: 1_00_000_00, remaining: 2_40_000_00, overBudget: false, overWithQuotes: false, allocated: 50_000_00, events: [HALDI, WEDDING] };

const task = (taskId: string, extra: Partial<ChecklistTask>): ChecklistTask => ({ taskId, key: null, title: '', eventId: null, category: null, due: null, done: false, doneBy: null, overdue: false, ...extra });
const CHECKLIST: Checklist = {
  planId: 'p1',
  today: '2026-12-01',
  events: [
    { eventId: 'e-haldi', kind: 'haldi', name: '', date: '2027-02-11' },
    { eventId: 'e-wed', kind: 'wedding', name: 'Pheras', date: '2027-02-12' },
  ],
  tasks: [
    task('e-wed.venue', { key: 'venue', eventId: 'e-wed', category: 'Venues', due: '2026-08-16', overdue: true }),
    task('e-wed.photographer', { key: 'photographer', eventId: 'e-wed', category: 'Photography', due: '2026-11-14', done: true, doneBy: 'booking' }),
    task('e-haldi.photographer', { key: 'photographer', eventId: 'e-haldi', category: 'Photography', due: '2026-12-13' }),
    task('e-haldi.caterer', { key: 'caterer', eventId: 'e-haldi', category: 'Catering', due: '2026-12-28' }),
    task('e-wed.invitations', { key: 'invitations', eventId: 'e-wed', due: '2026-12-29' }),
    task('own-1', { title: 'Book the dhol players', due: '2027-01-05' }),
  ],
};

let toastSuccess: jest.SpyInstance;
let toastError: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  onLine.mockReturnValue(true);
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getPlan).mockResolvedValue(PLAN);
  jest.mocked(getShortlist).mockResolvedValue([]);
  jest.mocked(getPlanBudget).mockResolvedValue(BUDGET);
  jest.mocked(getChecklist).mockResolvedValue(CHECKLIST);
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(async () => {
  await act(() => changeLocale('en-IN'));
});

describe('the plan page', () => {
  it("shows the budget's figures as the server added them up, and the next tasks not done, overdue first, each leading to its page", async () => {
    const user = userEvent.setup();
    renderRoute('/plans/p1');
    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(await within(budget).findByText('₹3,00,000.00')).toBeInTheDocument();
    expect(budget).toHaveTextContent('Booked₹60,000.00');
    expect(budget).toHaveTextContent('Paid₹6,141.60');
    expect(budget).toHaveTextContent('Quoted₹1,00,000.00');
    expect(budget).toHaveTextContent('Left₹2,40,000.00');

    const next = screen.getByRole('region', { name: 'Next on the checklist' });
    const items = within(await within(next).findByRole('list', { name: 'Next on the checklist' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Book the venue', 'Book the photographer', 'Book the caterer']);
    expect(items[0]).toHaveTextContent('Pheras · Due 16 Aug 2026');
    expect(within(items[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Haldi · Due 13 Dec 2026');
    expect(next).toHaveTextContent('1 of 6 done');
    // a preview: nothing to tick here
    expect(within(next).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(budget).getByRole('link', { name: 'See the budget' }));
    expect(currentLocation()).toBe('/plans/p1/budget');
  });

  it('a plan over budget says by how much', async () => {
    jest.mocked(getPlanBudget).mockResolvedValue({ ...BUDGET, budget: 50_000_00, remaining: -10_000_00, overBudget: true, overWithQuotes: true });
    renderRoute('/plans/p1');
    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(await within(budget).findByText('Over budget by ₹10,000.00')).toBeInTheDocument();
  });

  it('no budget set: says so; every task done: says so', async () => {
    jest.mocked(getPlanBudget).mockResolvedValue({ ...BUDGET, budget: null, remaining: null });
    jest.mocked(getChecklist).mockResolvedValue({ ...CHECKLIST, tasks: CHECKLIST.tasks.map((one) => ({ ...one, done: true, doneBy: 'couple', overdue: false })) });
    renderRoute('/plans/p1');
    const budget = await screen.findByRole('region', { name: 'Budget' });
    expect(await within(budget).findByText('Not set')).toBeInTheDocument();
    expect(within(budget).queryByText('Left')).not.toBeInTheDocument();
    expect(await screen.findByText('Nothing left to do. Well done!')).toBeInTheDocument();
  });
});

describe('the budget page', () => {
  it("shows each event's figures and what makes them up: the booking, the quote counted and the alternative not counted", async () => {
    renderRoute('/plans/p1/budget');
    expect(await screen.findByRole('heading', { level: 1, name: 'Budget' })).toBeInTheDocument();
    const events = within(await screen.findByRole('list', { name: 'Budget by event' })).getAllByRole('listitem', { name: /./ });
    expect(events.map((item) => item.getAttribute('aria-label'))).toEqual(['Haldi', 'Pheras']);
    const wedding = screen.getByRole('listitem', { name: 'Pheras' });
    expect(within(wedding).getByText('Over budget by ₹10,000.00')).toBeInTheDocument();
    const lines = within(within(wedding).getByRole('list', { name: 'Bookings and quotes for Pheras' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Lens Studio Photography · Lens Studio');
    expect(lines[0]).toHaveTextContent('Booking · paid ₹6,141.60');
    expect(lines[1]).toHaveTextContent('Quote · valid until 20 Dec 2026₹1,00,000.00');
    expect(lines[2]).toHaveTextContent('an alternative, not counted');
    expect(within(screen.getByRole('listitem', { name: 'Haldi' })).getByText('No bookings or quotes for this event yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Budget' })).toHaveTextContent('Given to events₹50,000.00');
  });

  it('sets an event budget from rupees as typed (exact paise), refusing what is not an amount; shows the answer', async () => {
    const user = userEvent.setup();
    const answered: PlanBudget = { ...BUDGET, events: [{ ...HALDI, budget: 1_50_000_50, remaining: 1_50_000_50 }, WEDDING] };
    jest.mocked(setEventBudget).mockResolvedValue(answered);
    renderRoute('/plans/p1/budget');
    await user.click(await screen.findByRole('button', { name: 'Edit the budget of Haldi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Budget for Haldi' });
    const field = within(dialog).getByLabelText('Amount in rupees');
    await user.type(field, 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter an amount in rupees, like 5,00,000')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '10000000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The budget can be at most ₹1,00,00,00,000.00')).toBeInTheDocument();
    expect(setEventBudget).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '1,50,000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(setEventBudget).toHaveBeenCalledWith('p1', 'e-haldi', { amount: 1_50_000_50 }));
    expect(toastSuccess).toHaveBeenCalledWith('Budget saved');
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Haldi' })).toHaveTextContent('Budget₹1,50,000.50Booked'));
  });

  it("the plan's budget starts from the one set; emptied, it is cleared (null)", async () => {
    const user = userEvent.setup();
    jest.mocked(setPlanBudget).mockResolvedValue({ ...BUDGET, budget: null, remaining: null });
    renderRoute('/plans/p1/budget');
    await user.click(await screen.findByRole('button', { name: 'Edit budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Budget for the whole plan' });
    const field = within(dialog).getByLabelText('Amount in rupees');
    expect(field).toHaveValue('3,00,000');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(setPlanBudget).toHaveBeenCalledWith('p1', { amount: null }));
    expect(await screen.findByRole('button', { name: 'Set a budget' })).toBeInTheDocument();
  });

  it('offline: the copy kept on this device, read-only, saying since when', async () => {
    saveAnswer(UID, savedBudgetName('p1'), BUDGET, new Date('2026-11-30T09:00:00Z'));
    onLine.mockReturnValue(false);
    jest.mocked(getPlanBudget).mockRejectedValue(new ApiError(0, OFFLINE_MESSAGE));
    renderRoute('/plans/p1/budget');
    expect(await screen.findByText(/kept on this device|saved/i)).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Pheras' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
  });
});

describe('the checklist page', () => {
  it('groups the tasks by due month, or by event; a task done by its booking cannot be unticked', async () => {
    const user = userEvent.setup();
    renderRoute('/plans/p1/checklist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checklist' })).toBeInTheDocument();
    expect((await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent)).toEqual(['August 2026', 'November 2026', 'December 2026', 'January 2027']);
    expect(screen.getByText('1 of 6 done')).toBeInTheDocument();
    const booked = within(screen.getByRole('region', { name: 'November 2026' })).getByRole('checkbox', { name: 'Book the photographer' });
    expect(booked).toBeChecked();
    expect(booked).toBeDisabled();
    expect(screen.getByText('Pheras · Done: booked')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Event' }));
    expect(currentLocation()).toBe('/plans/p1/checklist?by=event');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Haldi · 11 Feb 2027', 'Pheras · 12 Feb 2027', 'The whole plan']);
  });

  it('ticks at once, then shows the server answer', async () => {
    const user = userEvent.setup();
    const answer = deferred<Checklist>();
    jest.mocked(markTask).mockReturnValue(answer.promise);
    renderRoute('/plans/p1/checklist');
    const box = await screen.findByRole('checkbox', { name: 'Send the invitations' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(markTask).toHaveBeenCalledWith('p1', 'e-wed.invitations', true);
    await act(async () => answer.resolve({ ...CHECKLIST, tasks: CHECKLIST.tasks.map((one) => (one.taskId === 'e-wed.invitations' ? { ...one, done: true, doneBy: 'couple' } : one)) }));
    expect(screen.getByText('2 of 6 done')).toBeInTheDocument();
  });

  it('a tick the server refuses goes back, with a toast saying why', async () => {
    const user = userEvent.setup();
    jest.mocked(markTask).mockRejectedValue(new ApiError(503, 'Service unavailable'));
    renderRoute('/plans/p1/checklist');
    const box = await screen.findByRole('checkbox', { name: 'Book the venue' });
    await user.click(box);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith("Your checklist wasn't changed: Service unavailable"));
    expect(box).not.toBeChecked();
    expect(within(screen.getByRole('listitem', { name: 'Book the venue' })).getByText('Overdue')).toBeInTheDocument();
  });

  it("adds the couple's own task (the API's schema checks it first) and deletes one", async () => {
    const user = userEvent.setup();
    const withNew = { ...CHECKLIST, tasks: [...CHECKLIST.tasks, task('own-2', { title: 'Pack for the honeymoon', eventId: 'e-wed' })] };
    jest.mocked(addOwnTask).mockResolvedValue(withNew);
    jest.mocked(deleteOwnTask).mockResolvedValue(undefined);
    renderRoute('/plans/p1/checklist');
    await user.click(await screen.findByRole('button', { name: 'Add a task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your own task' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Task is required')).toBeInTheDocument();
    expect(addOwnTask).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Task'), 'Pack for the honeymoon');
    await user.selectOptions(within(dialog).getByLabelText('For'), 'Pheras');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(addOwnTask).toHaveBeenCalledWith('p1', { title: 'Pack for the honeymoon', due: null, eventId: 'e-wed' }));
    expect(toastSuccess).toHaveBeenCalledWith('Task added');
    expect(await screen.findByRole('listitem', { name: 'Pack for the honeymoon' })).toHaveTextContent('Pheras · No due date');

    // a seeded task has no delete; an own one does
    expect(screen.queryByRole('button', { name: 'Delete “Book the venue”' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete “Book the dhol players”' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this task?' })).getByRole('button', { name: 'Delete task' }));
    await waitFor(() => expect(deleteOwnTask).toHaveBeenCalledWith('p1', 'own-1'));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Book the dhol players' })).not.toBeInTheDocument());
  });

  it('offline: the copy kept on this device, with no tick boxes', async () => {
    saveAnswer(UID, savedChecklistName('p1'), CHECKLIST, new Date('2026-11-30T09:00:00Z'));
    onLine.mockReturnValue(false);
    jest.mocked(getChecklist).mockRejectedValue(new ApiError(0, OFFLINE_MESSAGE));
    renderRoute('/plans/p1/checklist');
    expect(await screen.findByRole('listitem', { name: 'Book the venue' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a task' })).not.toBeInTheDocument();
  });

  it('in Hindi: the tasks, the groups and the figures', async () => {
    await act(() => changeLocale('hi-IN'));
    renderRoute('/plans/p1/checklist');
    expect(await screen.findByRole('checkbox', { name: 'वेन्यू बुक करें' })).toBeInTheDocument();
    expect(screen.getByText('6 में से 1 पूरे')).toBeInTheDocument();
  });
});
