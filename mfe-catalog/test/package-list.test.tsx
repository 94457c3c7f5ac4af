import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@utsav/contracts';
import { getService } from '@utsav/contracts/catalog';
import { menu, service } from './support/fixtures';
import { currentLocation, renderRoute } from './support/render';

// every catalog call becomes a jest.fn (automock)
jest.mock('@utsav/contracts/catalog');

const load = jest.mocked(getService);
let toastError: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  toastError = jest.spyOn(toast, 'error').mockImplementation(() => 'toast-id');
  load.mockResolvedValue(service());
});

describe('Package list', () => {
  it("shows 'Loading...' while the service loads", () => {
    load.mockReturnValue(new Promise(() => {}));
    renderRoute('/service/s1/menu');
    expect(screen.getByRole('heading', { level: 1, name: 'Loading...' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('s1', expect.any(AbortSignal));
  });

  it("lists 'Available Packages' with each package's name, price and menu id", async () => {
    renderRoute('/service/s1/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Available Packages' })).toBeInTheDocument();
    const packages = screen.getAllByRole('article');
    expect(packages).toHaveLength(2);
    expect(within(packages[0]!).getByRole('heading', { name: 'Silver' })).toBeInTheDocument();
    expect(packages[0]).toHaveTextContent('₹50,000.00');
    expect(packages[0]).toHaveTextContent('Menu ID: m1');
    expect(within(packages[1]!).getByRole('heading', { name: 'Gold' })).toBeInTheDocument();
    expect(packages[1]).toHaveTextContent('₹90,000.00');
    expect(packages[1]).toHaveTextContent('Menu ID: m2');
  });

  it("links each package's 'View Details' and 'Select Time Slot'", async () => {
    renderRoute('/service/s1/menu');
    const silver = await screen.findByRole('article', { name: 'Silver' });
    expect(within(silver).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/service/s1/menu/details/m1');
    expect(within(silver).getByRole('link', { name: 'Select Time Slot' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1');
    const gold = screen.getByRole('article', { name: 'Gold' });
    expect(within(gold).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/service/s1/menu/details/m2');
    expect(within(gold).getByRole('link', { name: 'Select Time Slot' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m2');
  });

  it("goes to the slot page with 'Select Time Slot'", async () => {
    const user = userEvent.setup();
    renderRoute('/service/s1/menu');
    const gold = await screen.findByRole('article', { name: 'Gold' });
    await user.click(within(gold).getByRole('link', { name: 'Select Time Slot' }));
    expect(currentLocation()).toBe('/service/slots?serviceId=s1&package=m2');
    expect(screen.getByRole('heading', { level: 1, name: 'Slot page' })).toBeInTheDocument();
  });

  it('says so when the service has no packages', async () => {
    load.mockResolvedValue(service({ menus: [] }));
    renderRoute('/service/s1/menu');
    expect(await screen.findByText('No packages available yet.')).toBeInTheDocument();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });

  it("shows 'Error loading service.' with 'Failed to load service details' when loading fails", async () => {
    load.mockRejectedValue(new Error('Server responded with 502'));
    renderRoute('/service/s1/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error loading service.' })).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Failed to load service details', { dedupe: true });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("issue 39: says 'Service not found' for an unknown service, on the page too, with a way to Search and nothing to retry", async () => {
    load.mockRejectedValue(new ApiError(404, 'Service not found'));
    renderRoute('/service/nope/menu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service not found' })).toBeInTheDocument();
    expect(screen.queryByText('Error loading service.')).not.toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Service not found', { dedupe: true });
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Services' })).toHaveAttribute('href', '/services');
  });

  it('uses the menu ids exactly as given, encoded in the URLs', async () => {
    load.mockResolvedValue(service({ serviceId: 's 1', menus: [menu('m/1', 'Odd')] }));
    renderRoute('/service/s%201/menu');
    const odd = await screen.findByRole('article', { name: 'Odd' });
    expect(odd).toHaveTextContent('Menu ID: m/1');
    expect(within(odd).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/service/s%201/menu/details/m%2F1');
    expect(within(odd).getByRole('link', { name: 'Select Time Slot' })).toHaveAttribute('href', '/service/slots?serviceId=s+1&package=m%2F1');
  });
});
