import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, OFFLINE_MESSAGE, saveAnswer, toast, useSession } from '@utsav/contracts';
import { getThread, getThreads, markThreadRead, reportMessage, sendMessage } from '@utsav/contracts/threads';
import type { Message, Thread, ThreadSummary } from '@utsav/contracts/schemas';
import { SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/threads', () => {
  const actual = jest.requireActual('@utsav/contracts/threads');
  const calls = ['getThread', 'getThreads', 'sendMessage', 'markThreadRead', 'reportMessage'];
  return { ...actual, ...Object.fromEntries(calls.map((name) => [name, jest.fn()])) };
});
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function message(id: string, from: 'consumer' | 'provider', body: string, extra: Partial<Message> = {}): Message {
  return { messageId: id, from, body, masked: false, photos: [], createdAt: '2026-11-28T10:00:00.000Z', clientKey: `key-${id}`, reported: false, ...extra };
}

const SUBJECT: Thread['subject'] = {
  kind: 'enquiry',
  threadId: 'en1',
  role: 'consumer',
  serviceTitle: 'Lens Craft Photography',
  category: 'Photography',
  providerName: 'Lens Craft Studio',
  consumerFirstName: 'Asha',
  date: '2027-02-12',
  contactsShown: false,
};

function thread(extra: Partial<Thread> = {}): Thread {
  return {
    subject: SUBJECT,
    messages: [message('m1', 'consumer', 'Are you free on the 12th?'), message('m2', 'provider', `Yes! Call me on ${'•'.repeat(8)}`, { masked: true })],
    before: null,
    readByOther: 'm1',
    ...extra,
  };
}

const onLine = jest.spyOn(window.navigator, 'onLine', 'get');

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  onLine.mockReturnValue(true);
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(markThreadRead).mockResolvedValue(undefined);
  jest.spyOn(toast, 'show').mockImplementation(() => 'toast-id');
});

describe('a conversation', () => {
  it('shows who and what it is about, the messages, what the other side has seen, and why contacts are hidden', async () => {
    jest.mocked(getThread).mockResolvedValue(thread());
    renderRoute('/messages/enquiry/en1');
    expect(await screen.findByRole('heading', { name: 'With Lens Craft Studio' })).toBeInTheDocument();
    expect(screen.getByText('Lens Craft Photography')).toBeInTheDocument();
    expect(screen.getByText(/About your enquiry for 12 Feb 2027/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the enquiry' })).toHaveAttribute('href', '/enquiries');
    expect(screen.getByText(/stay hidden until the booking is confirmed/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages in this conversation' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('You');
    expect(items[0]).toHaveTextContent('Are you free on the 12th?');
    expect(items[0]).toHaveTextContent('Seen');
    expect(items[1]).toHaveTextContent('Lens Craft Studio');
    // what it shows is read: up to the provider's newest
    await waitFor(() => expect(markThreadRead).toHaveBeenCalledWith('enquiry', 'en1', 'm2'));
    expect(markThreadRead).toHaveBeenCalledTimes(1);
  });

  it('says "Sent" under a message of mine the other side has not seen yet', async () => {
    jest.mocked(getThread).mockResolvedValue(thread({ messages: [message('m1', 'provider', 'Hello'), message('m2', 'consumer', 'Hi there')], readByOther: 'm1' }));
    renderRoute('/messages/enquiry/en1');
    await screen.findByText('Hi there');
    const mine = screen.getAllByRole('listitem').find((item) => item.textContent?.includes('Hi there'))!;
    expect(mine).toHaveTextContent('Sent');
    expect(mine).not.toHaveTextContent('Seen');
  });

  it('sends what was typed with a key of its own; a send that fails keeps the words and sends them again with the same key', async () => {
    const user = userEvent.setup();
    jest.mocked(getThread).mockResolvedValue(thread());
    jest.mocked(sendMessage).mockRejectedValueOnce(new ApiError(429, 'Too many messages in a short time (at most 20 a minute). Please try again in 30 seconds.'));
    renderRoute('/messages/enquiry/en1');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, 'Can you do a drone shot?');
    await user.click(send);
    expect(box).toHaveValue('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not sent: Too many messages in a short time');
    expect(screen.getByText('Can you do a drone shot?')).toBeInTheDocument();
    const [, , firstInput] = jest.mocked(sendMessage).mock.calls[0]!;
    expect(firstInput).toEqual({ body: 'Can you do a drone shot?', photos: [], clientKey: expect.stringMatching(UUID) });

    const sent = message('m3', 'consumer', 'Can you do a drone shot?', { clientKey: firstInput.clientKey });
    jest.mocked(sendMessage).mockResolvedValueOnce(sent);
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(jest.mocked(sendMessage).mock.calls[1]![2]).toEqual(firstInput);
    // once, as the server's message
    expect(screen.getAllByText('Can you do a drone shot?')).toHaveLength(1);
  });

  it('reports a message of the other side with a reason', async () => {
    const user = userEvent.setup();
    jest.mocked(getThread).mockResolvedValue(thread());
    jest.mocked(reportMessage).mockImplementation(async (messageId) => ({ ...thread().messages[1]!, messageId, reported: true }));
    renderRoute('/messages/enquiry/en1');
    // only the other side's messages can be reported
    const flags = await screen.findAllByRole('button', { name: 'Report this message' });
    expect(flags).toHaveLength(1);
    await user.click(flags[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    const report = within(dialog).getByRole('button', { name: 'Report' });
    expect(report).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Asks to pay or talk outside Utsav' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'What happened (optional)' }), 'Wants cash');
    await user.click(report);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reportMessage).toHaveBeenCalledWith('m2', { reason: 'outside_payment', note: 'Wants cash' });
    expect(toast.show).toHaveBeenCalledWith('Thank you. Our team will look at it.', { type: 'success' });
    expect(await screen.findByText(/Reported/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this message' })).not.toBeInTheDocument();
  });

  it('shows earlier messages on demand', async () => {
    const user = userEvent.setup();
    jest.mocked(getThread).mockImplementation(async (_kind, _id, { before } = {}) =>
      before === 'm1' ? thread({ messages: [message('m0', 'consumer', 'The very first one')], before: null }) : thread({ before: 'm1' }),
    );
    renderRoute('/messages/enquiry/en1');
    await user.click(await screen.findByRole('button', { name: 'Show earlier messages' }));
    const items = within(screen.getByRole('list', { name: 'Messages in this conversation' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('The very first one');
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('says so when the conversation is not there', async () => {
    jest.mocked(getThread).mockRejectedValue(new ApiError(404, 'Conversation not found'));
    renderRoute('/messages/enquiry/nope');
    expect(await screen.findByText(/This conversation is not there/)).toBeInTheDocument();
  });
});

describe('the list of conversations', () => {
  it('shows each with the other side, what it is about, the last message and the unread count, and opens it', async () => {
    const user = userEvent.setup();
    const summaries: ThreadSummary[] = [
      { subject: SUBJECT, last: message('m2', 'provider', 'Sending a quote today'), unread: 2 },
      { subject: { ...SUBJECT, kind: 'booking', threadId: 'b1', providerName: 'Mehendi Magic', serviceTitle: 'Bridal mehendi' }, last: message('m9', 'consumer', 'Thanks!'), unread: 0 },
    ];
    jest.mocked(getThreads).mockResolvedValue(summaries);
    jest.mocked(getThread).mockResolvedValue(thread());
    renderRoute('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Lens Craft Studio');
    expect(first).toHaveTextContent('Sending a quote today');
    expect(within(first!).getByLabelText('2 unread messages')).toBeInTheDocument();
    expect(second).toHaveTextContent('You: Thanks!');
    expect(getThreads).toHaveBeenCalledWith('consumer', expect.anything());
    await user.click(within(first!).getByRole('link'));
    await waitFor(() => expect(currentLocation()).toBe('/messages/enquiry/en1'));
  });

  it('says what to do when there is none yet', async () => {
    jest.mocked(getThreads).mockResolvedValue([]);
    renderRoute('/messages');
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();
  });
});

describe('offline', () => {
  it('keeps a conversation on this device as it is answered, and shows it read-only when the API cannot be reached', async () => {
    jest.mocked(getThread).mockResolvedValue(thread());
    const first = renderRoute('/messages/enquiry/en1');
    await screen.findByText('Are you free on the 12th?');
    expect(JSON.parse(localStorage.getItem('utsav.saved:user-1:thread-enquiry-en1') ?? 'null')?.data.messages).toHaveLength(2);
    first.unmount();
    jest.mocked(markThreadRead).mockClear();

    saveAnswer('user-1', 'thread-enquiry-en1', thread());
    jest.mocked(getThread).mockRejectedValue(new ApiError(0, OFFLINE_MESSAGE));
    onLine.mockReturnValue(false);
    renderRoute('/messages/enquiry/en1');
    expect(await screen.findByText(/You are offline: this is the conversation as this phone last saw it/)).toBeVisible();
    expect(screen.getByText('Are you free on the 12th?')).toBeInTheDocument();
    // nothing can be sent or reported, but what is typed stays
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Attach a photo' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Report this message' })).not.toBeInTheDocument();
    expect(markThreadRead).not.toHaveBeenCalled();
  });
});
