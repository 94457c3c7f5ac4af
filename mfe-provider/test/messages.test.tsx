import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@utsav/contracts';
import { getProviderEnquiry, getProviderListings } from '@utsav/contracts/provider';
import { getThread, getThreads, markThreadRead, sendMessage } from '@utsav/contracts/threads';
import type { Message, Thread } from '@utsav/contracts/schemas';
import { LISTINGS, providerEnquiry, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts/threads', () => {
  const actual = jest.requireActual('@utsav/contracts/threads');
  return { ...actual, ...Object.fromEntries(['getThread', 'getThreads', 'sendMessage', 'markThreadRead', 'reportMessage'].map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const message = (id: string, from: 'consumer' | 'provider', body: string): Message => ({
  messageId: id,
  from,
  body,
  masked: false,
  photos: [],
  createdAt: '2026-11-28T10:00:00.000Z',
  clientKey: `key-${id}`,
  reported: false,
});

const THREAD: Thread = {
  subject: {
    kind: 'enquiry',
    threadId: 'e-1',
    role: 'provider',
    serviceTitle: 'Lens Studio Photography',
    category: 'Photography',
    providerName: 'Lens Studio',
    consumerFirstName: 'Asha',
    date: '2027-02-12',
    contactsShown: false,
  },
  messages: [message('m1', 'consumer', 'Do you travel to Udaipur?')],
  before: null,
  readByOther: null,
};

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  jest.mocked(markThreadRead).mockResolvedValue(undefined);
});

it("opens the customer's conversation from their enquiry, names the customer by first name, and answers", async () => {
  const user = userEvent.setup();
  jest.mocked(getProviderEnquiry).mockResolvedValue(providerEnquiry());
  jest.mocked(getThread).mockResolvedValue(THREAD);
  jest.mocked(sendMessage).mockImplementation(async (_kind, _id, input) => ({ ...message('m2', 'provider', String(input.body ?? '')), clientKey: input.clientKey }));
  renderRoute('/provider/enquiries/e-1');
  await user.click(await screen.findByRole('link', { name: 'Message Asha' }, { timeout: 5_000 }));
  await waitFor(() => expect(currentLocation()).toBe('/provider/messages/enquiry/e-1'));
  expect(await screen.findByRole('heading', { name: 'With Asha' })).toBeInTheDocument();
  expect(screen.getByText(/About the enquiry for 12 Feb 2027/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See the enquiry' })).toHaveAttribute('href', '/provider/enquiries/e-1');
  await waitFor(() => expect(markThreadRead).toHaveBeenCalledWith('enquiry', 'e-1', 'm1'));

  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Yes, at no extra cost.');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  const list = screen.getByRole('list', { name: 'Messages in this conversation' });
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Yes, at no extra cost.');
  expect(sendMessage).toHaveBeenCalledWith('enquiry', 'e-1', { body: 'Yes, at no extra cost.', photos: [], clientKey: expect.any(String) });
});

it("lists the provider's conversations under their own tab", async () => {
  jest.mocked(getThreads).mockResolvedValue([{ subject: THREAD.subject, last: THREAD.messages[0]!, unread: 1 }]);
  renderRoute('/provider/messages');
  const nav = await screen.findByRole('navigation', { name: 'Provider sections' }, { timeout: 5_000 });
  expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
  const list = await screen.findByRole('list', { name: 'Conversations' });
  expect(list).toHaveTextContent('Asha');
  expect(list).toHaveTextContent('Do you travel to Udaipur?');
  expect(within(list).getByRole('link')).toHaveAttribute('href', '/provider/messages/enquiry/e-1');
  expect(getThreads).toHaveBeenCalledWith('provider', expect.anything());
});
