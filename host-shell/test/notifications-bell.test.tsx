import { act, fireEvent, screen, within } from '@testing-library/react';
import { getNotifications, markNotificationsRead, unreadNotificationsAtom, useLiveConnection, utsavStore } from '@utsav/contracts';
import type { NotificationList } from '@utsav/contracts/schemas';
import { renderApp, setSession, signedInComplete } from './render-app';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useLiveConnection: jest.fn(),
  getNotifications: jest.fn(),
  markNotificationsRead: jest.fn(),
}));

const LIST: NotificationList = {
  unreadCount: 2,
  notifications: [
    { notificationId: '12', kind: 'accepted', bookingId: 'b1', enquiryId: null, title: 'Your booking was accepted — pay the advance to confirm', body: 'Lens Studio, 5 Dec 2026. Pay the advance from My Bookings to confirm it.', push: true, createdAt: '2026-11-25T10:00:00.000Z', read: false },
    { notificationId: '9', kind: 'declined', bookingId: 'b2', enquiryId: null, title: 'Your booking request was declined', body: 'Glow Makeup, 6 Dec 2026.', push: true, createdAt: '2026-11-24T10:00:00.000Z', read: true },
  ],
};

beforeEach(() => {
  jest.clearAllMocks();
  setSession(signedInComplete);
  act(() => utsavStore.set(unreadNotificationsAtom, 0));
  jest.mocked(getNotifications).mockResolvedValue(LIST);
  jest.mocked(markNotificationsRead).mockResolvedValue({ unreadCount: 0 });
});

test('the signed-in layout keeps the live stream connected', async () => {
  renderApp('/');
  await screen.findByRole('heading', { name: /^page / });
  expect(useLiveConnection).toHaveBeenCalled();
});

test('the bell shows the live unread count, lists the newest first, each opening its booking, and marks them read', async () => {
  const { router } = renderApp('/');
  await screen.findByRole('heading', { name: /^page / });
  expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  act(() => utsavStore.set(unreadNotificationsAtom, 2));
  // the list's code comes on the first press (a lazy chunk)
  fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));

  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  const items = await within(panel).findAllByRole('link');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Unread: Your booking was accepted — pay the advance to confirm/),
    expect.stringMatching(/^Your booking request was declined/),
  ]);
  expect(getNotifications).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
  expect(markNotificationsRead).toHaveBeenCalledWith('u1', '12');
  // the count is what the server says is left (the bar sits behind the open list)
  expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();

  fireEvent.click(items[0]!);
  expect(await screen.findByRole('heading', { name: /^page .*OrderSummary/ })).toBeInTheDocument();
  expect(router.state.location.pathname + router.state.location.search).toBe('/bookings/order_summary?bid=b1');
  expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
});

test('an enquiry’s notification (a quote received: no booking) opens the enquiries', async () => {
  jest.mocked(getNotifications).mockResolvedValue({
    unreadCount: 1,
    notifications: [
      { notificationId: '14', kind: 'quote_received', bookingId: null, enquiryId: null, title: 'You have a quote of ₹57,500.50', body: 'Lens Studio Photography, 5 Dec 2026: the provider quoted ₹57,500.50.', push: true, createdAt: '2026-11-26T10:00:00.000Z', read: false },
    ],
  });
  const { router } = renderApp('/');
  await screen.findByRole('heading', { name: /^page / });
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  const [item] = await within(panel).findAllByRole('link');
  expect(item!.textContent).toMatch(/^Unread: You have a quote of ₹57,500\.50/);
  fireEvent.click(item!);
  expect(await screen.findByRole('heading', { name: /^page .*Enquiries/ })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/enquiries');
});

test('a message’s notification opens its conversation', async () => {
  jest.mocked(getNotifications).mockResolvedValue({
    unreadCount: 1,
    notifications: [
      { notificationId: '15', kind: 'new_message', bookingId: null, enquiryId: 'en-7', title: 'New message from Lens Studio', body: 'Lens Studio Photography, 5 Dec 2026: Lens Studio sent you a message.', push: true, createdAt: '2026-11-26T10:00:00.000Z', read: false },
    ],
  });
  const { router } = renderApp('/');
  await screen.findByRole('heading', { name: /^page / });
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  const [item] = await within(panel).findAllByRole('link');
  fireEvent.click(item!);
  expect(await screen.findByRole('heading', { name: /^page .*Thread/ })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/messages/enquiry/en-7');
});

test('the list failing says so with a retry; none yet says so; opened again, it shows what it had while it asks again', async () => {
  jest.mocked(getNotifications).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ unreadCount: 0, notifications: [] });
  renderApp('/');
  await screen.findByRole('heading', { name: /^page / });
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  // (the panel's code loads on its first opening)
  expect(await screen.findByText("We couldn't load your notifications.", {}, { timeout: 5000 })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
  expect(markNotificationsRead).not.toHaveBeenCalled();
  fireEvent.keyDown(screen.getByRole('dialog', { name: 'Notifications' }), { key: 'Escape' });

  // opened again: the list it had at once, then what the server says now
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
  expect(screen.getByText(/No notifications yet/)).toBeInTheDocument();
  expect(await screen.findAllByRole('link', { name: /Your booking was accepted/ })).toHaveLength(1);
  expect(getNotifications).toHaveBeenCalledTimes(3);
});
