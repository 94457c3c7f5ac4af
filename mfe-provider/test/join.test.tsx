import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast, useSession } from '@utsav/contracts';
import { claimListing, getProviderBookings, getProviderListings } from '@utsav/contracts/provider';
import { LISTINGS, NO_LISTINGS, SIGNED_IN } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

jest.mock('@utsav/contracts/provider', () => jest.requireActual('./support/provider-api-mock').providerApiMock());
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  jest.mocked(getProviderBookings).mockResolvedValue([]);
});

it('claims a listing with its invite code and opens the requests', async () => {
  const user = userEvent.setup();
  const success = jest.spyOn(toast, 'success').mockReturnValue('t');
  // not a provider yet; once the code is taken, the listing is theirs
  jest.mocked(getProviderListings).mockResolvedValueOnce(NO_LISTINGS).mockResolvedValue(LISTINGS);
  jest.mocked(claimListing).mockResolvedValue({ providerId: 'p-1', name: 'Lens Studio' });
  renderRoute('/provider/join');
  expect(screen.getByRole('heading', { level: 1, name: 'Become a provider' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Claim listing' }));
  expect(screen.getByText('Enter your invite code')).toBeInTheDocument();
  expect(claimListing).not.toHaveBeenCalled();
  await user.type(screen.getByRole('textbox', { name: 'Invite code' }), 'lens-2f4k');
  await user.click(screen.getByRole('button', { name: 'Claim listing' }));
  expect(claimListing).toHaveBeenCalledWith('lens-2f4k');
  await waitFor(() => expect(currentLocation()).toBe('/provider'));
  expect(success).toHaveBeenCalledWith('Lens Studio is yours. New requests now wait for you.');
  expect(await screen.findByRole('heading', { level: 1, name: 'Requests' }, { timeout: 5_000 })).toBeInTheDocument();
});

it("says why a code is refused, and keeps what was typed", async () => {
  const user = userEvent.setup();
  jest.mocked(getProviderListings).mockResolvedValue(NO_LISTINGS);
  jest.mocked(claimListing).mockRejectedValue(new ApiError(409, 'This listing already has an owner'));
  renderRoute('/provider/join');
  await user.type(screen.getByRole('textbox', { name: 'Invite code' }), 'TAKEN-CODE');
  await user.click(screen.getByRole('button', { name: 'Claim listing' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This listing already has an owner');
  expect(screen.getByRole('textbox', { name: 'Invite code' })).toHaveValue('TAKEN-CODE');
  expect(currentLocation()).toBe('/provider/join');
});

it('tells an owner they already run a listing, with the way in', async () => {
  jest.mocked(getProviderListings).mockResolvedValue(LISTINGS);
  renderRoute('/provider/join');
  expect(await screen.findByText('You run Lens Studio.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/provider');
});
