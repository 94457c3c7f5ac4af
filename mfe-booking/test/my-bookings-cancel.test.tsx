import { act, fireEvent, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { cancelBooking, getUserBookings } from '@utsav/contracts/booking';
import type { Booking } from '@utsav/contracts/schemas';
import { booking, deferred, SIGNED_IN } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/catalog', () => ({ getMenu: jest.fn(), getService: jest.fn() }));
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const load = jest.mocked(getUserBookings);
const cancel = jest.mocked(cancelBooking);
let toastSuccess: jest.SpyInstance;
let toastError: jest.SpyInstance;

const GOLD = booking('b-acc', {
  status: 'accepted',
  menuName: 'Gold Wedding Package',
  preferredDateRange: { from: '2026-12-30', to: '2027-01-02' },
});
const LIST: Booking[] = [booking('b-req', { menuName: 'Haldi Photography' }), GOLD];

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  load.mockResolvedValue(LIST);
  toastSuccess = jest.spyOn(toast, 'success').mockImplementation(() => 'toast-id');
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
});

afterEach(() => jest.restoreAllMocks());

async function openDialog() {
  const user = userEvent.setup();
  renderRoute('/bookings?tab=accepted');
  const gold = await screen.findByRole('article', { name: 'Gold Wedding Package' });
  await user.click(within(gold).getByRole('button', { name: 'Cancel' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
  return { user, dialog };
}

describe('cancelling an accepted booking', () => {
  it('asks first, naming the package and the dates; Keep booking changes nothing', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(/Gold Wedding Package/);
    expect(dialog).toHaveTextContent('Gold Wedding Package');
    expect(dialog).toHaveTextContent('30 Dec 2026 – 2 Jan 2027');
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(cancel).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'Gold Wedding Package' })).toBeInTheDocument();
  });

  it('cancels on confirmation, busy meanwhile; then toasts and moves the booking to Failed as Cancelled', async () => {
    const answer = deferred<Booking>();
    cancel.mockReturnValue(answer.promise);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith('b-acc');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel booking' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toBeDisabled();
    expect(within(dialog).getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    // Escape does not close it while the call is on its way
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    // longer than the dialog's exit transition
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toastSuccess).not.toHaveBeenCalled();

    answer.resolve({ ...GOLD, status: 'cancelled' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastSuccess).toHaveBeenCalledWith('Booking cancelled');
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.queryByRole('article', { name: 'Gold Wedding Package' })).not.toBeInTheDocument();
    expect(screen.getByText('No accepted bookings')).toBeInTheDocument();
    // the list was updated from the answer, not reloaded
    expect(load).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('tab', { name: 'Failed' }));
    const gold = screen.getByRole('article', { name: 'Gold Wedding Package' });
    // eslint-disable-next-line testing-library/no-node-access -- the chip's colour is only in MUI's class: no role or text tells it
    expect(within(gold).getByText('Cancelled').closest('.MuiChip-root')).toHaveClass('MuiChip-colorDefault');
    expect(within(gold).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(gold).queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it("says why in the dialog and a toast when the API refuses (409), and changes nothing", async () => {
    cancel.mockRejectedValue(new ApiError(409, 'Only an accepted booking can be cancelled.'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only an accepted booking can be cancelled.');
    expect(toastError).toHaveBeenCalledWith('Only an accepted booking can be cancelled.');
    expect(toastSuccess).not.toHaveBeenCalled();
    // still open and usable again
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    const gold = screen.getByRole('article', { name: 'Gold Wedding Package' });
    expect(within(gold).getByText('Accepted')).toBeInTheDocument();
    expect(within(gold).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
