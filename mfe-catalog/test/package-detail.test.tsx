import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getMenu } from '@utsav/contracts/catalog';
import type { MenuResponse } from '@utsav/contracts/schemas';
import { menu } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

const load = jest.mocked(getMenu);
let toastError: jest.SpyInstance;

const URL = '/service/s1/menu/details/m1';

function answer(extra: Parameters<typeof menu>[2] = {}): MenuResponse {
  const data = menu('m1', 'Silver', extra);
  return { data, isCustom: data.isCustom, total: 1 };
}

const customAnswer = (enabled: boolean, supportsRevisions: boolean) =>
  answer({ isCustom: true, customOptions: { extraPhotos: { enabled, price: 15_000 }, supportsRevisions } });

beforeEach(() => {
  jest.clearAllMocks();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  load.mockResolvedValue(answer());
});

describe('Package detail', () => {
  it("shows 'Loading...' while the package loads", () => {
    load.mockReturnValue(new Promise(() => {}));
    renderRoute(URL);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading...' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('m1', expect.any(AbortSignal));
  });

  it('shows the name, service type, description, price with currency and expected delivery', async () => {
    renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Silver' })).toBeInTheDocument();
    expect(screen.getByText('Wedding photography')).toBeInTheDocument();
    expect(screen.getByText('Full-day coverage of the ceremony.')).toBeInTheDocument();
    expect(screen.getByText('₹50,000.00', { exact: false })).toHaveTextContent('₹50,000.00 INR');
    expect(screen.getByText('2 weeks after the event')).toBeInTheDocument();
  });

  it("lists What's Included with each item's title, description, quantity and price", async () => {
    renderRoute(URL);
    const included = await screen.findByRole('region', { name: "What's Included" });
    const items = within(included).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Edited photos' })).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Colour-graded high resolution');
    expect(items[0]).toHaveTextContent('Quantity: 300');
    expect(items[0]).toHaveTextContent('Price per item: ₹100.00');
    expect(items[1]).toHaveTextContent('Photo album');
    expect(items[1]).toHaveTextContent('Hard-bound, 40 pages');
    expect(items[1]).toHaveTextContent('Quantity: 1');
    expect(items[1]).toHaveTextContent('Price per item: ₹15,000.00');
  });

  it('has no Custom Options block for a standard menu', async () => {
    renderRoute(URL);
    await screen.findByRole('heading', { level: 1, name: 'Silver' });
    expect(screen.queryByText('Custom Options')).not.toBeInTheDocument();
  });

  it('shows Custom Options for a custom menu: extra photos enabled with the price per photo, revisions yes', async () => {
    load.mockResolvedValue(customAnswer(true, true));
    renderRoute(URL);
    const custom = await screen.findByRole('region', { name: 'Custom Options' });
    expect(custom).toHaveTextContent('Extra photosEnabled (₹150.00 per photo)');
    expect(custom).toHaveTextContent('Supports revisionsYes');
  });

  it('shows Custom Options with extra photos disabled and revisions no', async () => {
    load.mockResolvedValue(customAnswer(false, false));
    renderRoute(URL);
    const custom = await screen.findByRole('region', { name: 'Custom Options' });
    expect(custom).toHaveTextContent('Extra photosDisabled');
    expect(custom).not.toHaveTextContent('per photo');
    expect(custom).toHaveTextContent('Supports revisionsNo');
  });

  it("goes to the slot page with 'Proceed'", async () => {
    const user = userEvent.setup();
    renderRoute(URL);
    const proceed = await screen.findByRole('link', { name: 'Proceed' });
    expect(proceed).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1');
    await user.click(proceed);
    expect(currentLocation()).toBe('/service/slots?serviceId=s1&package=m1');
  });

  it("says 'Failed to fetch service details' and shows 'Error loading package.' when the lookup fails", async () => {
    load.mockRejectedValueOnce(new Error('Server responded with 500'));
    const user = userEvent.setup();
    renderRoute(URL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Error loading package.' })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Failed to fetch service details', { dedupe: true });

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Silver' })).toBeInTheDocument();
  });

  it("issue 39: an unknown menu is 'Package not found' on the page, with a way to Search and nothing to retry", async () => {
    load.mockRejectedValue(new ApiError(404, 'Menu not found'));
    renderRoute('/service/s1/menu/details/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Package not found' })).toBeInTheDocument();
    expect(screen.getByText('This package may have been removed, or the link may be mistyped.')).toBeInTheDocument();
    expect(screen.queryByText('Error loading package.')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
    expect(toastError).toHaveBeenCalledWith('Failed to fetch service details', { dedupe: true });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
