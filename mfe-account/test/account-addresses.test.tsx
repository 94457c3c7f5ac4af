import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { addAddress, ApiError, deleteAddress, getAddresses, getConsumerProfile, toast, updateAddress, useSession, type Session } from '@utsav/contracts';
import type { Address, ConsumerProfile } from '@utsav/contracts/schemas';
import MyAccountPage from '../src/pages/MyAccount';
import { storedProfile } from './profile-fixture';

jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  useSession: jest.fn(),
  getConsumerProfile: jest.fn(),
  getAddresses: jest.fn(),
  addAddress: jest.fn(),
  updateAddress: jest.fn(),
  deleteAddress: jest.fn(),
}));

jest.setTimeout(30_000);

const session: Session = {
  status: 'signedIn',
  uid: 'u1',
  phone: '+919876543210',
  profile: { status: 'complete', profile: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' } },
};

const profile: ConsumerProfile = storedProfile;

const home: Address = {
  addressId: 'a1',
  label: 'Home',
  line1: '12 MG Road',
  line2: 'Indiranagar',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const work: Address = { ...home, addressId: 'a2', label: 'Work', line1: '7 Park Street', line2: '', city: 'Kolkata', state: 'West Bengal', pincode: '700016' };

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(useSession).mockReturnValue(session);
  jest.mocked(getConsumerProfile).mockResolvedValue(profile);
  jest.mocked(getAddresses).mockResolvedValue([work, home]);
  jest.spyOn(toast, 'success').mockReturnValue('t');
  jest.spyOn(toast, 'error').mockReturnValue('t');
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/account']}>
      <Routes>
        <Route path="/account" element={<MyAccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const section = await screen.findByRole('region', { name: 'Saved addresses' });
  await within(section).findByText('12 MG Road, Indiranagar, Bengaluru, Karnataka 560038');
  return { user, section };
}

const items = (section: HTMLElement) => within(section).getAllByRole('listitem');

describe('My Account: Saved addresses', () => {
  it('lists the saved addresses, newest first, each on one line with Edit and Delete', async () => {
    const { section } = await renderPage();
    expect(getAddresses).toHaveBeenCalledWith('u1', expect.any(AbortSignal));
    expect(items(section).map((item) => item.textContent)).toEqual([
      expect.stringContaining('Work7 Park Street, Kolkata, West Bengal 700016'),
      expect.stringContaining('Home12 MG Road, Indiranagar, Bengaluru, Karnataka 560038'),
    ]);
    const edit = within(items(section)[1]!).getByRole('button', { name: 'Edit' });
    expect(edit).toHaveAccessibleDescription(/Home\s*12 MG Road/);
  });

  it('edits an address in place: the form starts from it, checks the PIN code and saves the change', async () => {
    jest.mocked(updateAddress).mockImplementation(async (_uid, id, fields) => ({ ...home, ...(fields as Partial<Address>), addressId: id }));
    const { user, section } = await renderPage();
    await user.click(within(items(section)[1]!).getByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit Home address' });
    expect(within(form).getByLabelText(/House, street and area/)).toHaveValue('12 MG Road');

    fireEvent.change(within(form).getByLabelText(/PIN code/), { target: { value: '56001' } });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Enter a 6-digit PIN code')).toBeInTheDocument();
    expect(updateAddress).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText(/PIN code/), { target: { value: '560001' } });
    fireEvent.change(within(form).getByLabelText(/Landmark/), { target: { value: 'Opposite the metro' } });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(updateAddress).toHaveBeenCalledTimes(1));
    expect(updateAddress).toHaveBeenCalledWith('u1', 'a1', {
      label: 'Home',
      line1: '12 MG Road',
      line2: 'Indiranagar',
      landmark: 'Opposite the metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    });
    expect(await within(section).findByText('12 MG Road, Indiranagar, Opposite the metro, Bengaluru, Karnataka 560001')).toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Address saved');
  });

  it('a refused save keeps what was typed and says why', async () => {
    jest.mocked(updateAddress).mockRejectedValue(new ApiError(400, 'pincode: Enter a 6-digit PIN code'));
    const { user, section } = await renderPage();
    await user.click(within(items(section)[0]!).getByRole('button', { name: 'Edit' }));
    const form = within(section).getByRole('form', { name: 'Edit Work address' });
    fireEvent.change(within(form).getByLabelText(/^City/), { target: { value: 'Howrah' } });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Couldn't save the address. pincode: Enter a 6-digit PIN code"));
    expect(within(form).getByLabelText(/^City/)).toHaveValue('Howrah');
  });

  it('deletes an address after asking, and adds a new one', async () => {
    jest.mocked(deleteAddress).mockResolvedValue(undefined);
    const added: Address = { ...home, addressId: 'a3', label: 'Other', line1: '4 Lake View', line2: '', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' };
    jest.mocked(addAddress).mockResolvedValue(added);
    const { user, section } = await renderPage();

    await user.click(within(items(section)[0]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveAccessibleDescription(/Work: 7 Park Street.*Bookings already made keep their address/);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteAddress).toHaveBeenCalledWith('u1', 'a2'));
    await waitFor(() => expect(within(section).queryByText(/7 Park Street/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(section).getByRole('button', { name: 'Add an address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('radio', { name: 'Other' }));
    fireEvent.change(within(form).getByLabelText(/House, street and area/), { target: { value: '4 Lake View' } });
    fireEvent.change(within(form).getByLabelText(/^City/), { target: { value: 'Udaipur' } });
    fireEvent.change(within(form).getByLabelText(/^State/), { target: { value: 'Rajasthan' } });
    fireEvent.change(within(form).getByLabelText(/PIN code/), { target: { value: '313001' } });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(addAddress).toHaveBeenCalledWith('u1', expect.objectContaining({ label: 'Other', line1: '4 Lake View', pincode: '313001' })));
    expect(await within(section).findByText('4 Lake View, Udaipur, Rajasthan 313001')).toBeInTheDocument();
    expect(items(section)).toHaveLength(2);
  });
});
