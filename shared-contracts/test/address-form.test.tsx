import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AddressForm, addressFormValues, EMPTY_ADDRESS_FORM } from '../src/ui/address-form';
import { addressInputSchema } from '../src/domain/schemas';
import { formatAddress } from '../src';

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  type(/House, street and area/, '12 MG Road');
  type(/Address line 2/, 'Indiranagar');
  type(/^City/, 'Bengaluru');
  type(/^State/, 'Karnataka');
  type(/PIN code/, '560038');
}

describe('AddressForm', () => {
  it('says what is missing under each field, in the contracts\' words, and sends nothing', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<AddressForm title="New address" submitLabel="Save address" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(await within(form).findByText('House, street and area is required')).toBeTruthy();
    expect(within(form).getByText('City is required')).toBeTruthy();
    expect(within(form).getByText('Choose a state or union territory')).toBeTruthy();
    expect(within(form).getByText('Enter a 6-digit PIN code')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a PIN code of 5 digits or starting with 0, and clears the message as the user types', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<AddressForm title="New address" submitLabel="Save address" onSubmit={onSubmit} />);
    fillValid();
    type(/PIN code/, '56003');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Enter a 6-digit PIN code')).toBeTruthy();
    type(/PIN code/, '060038');
    expect(screen.queryByText('Enter a 6-digit PIN code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('A PIN code does not start with 0')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a PIN code of another state, under the PIN code, and sends it once the state is right', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<AddressForm title="New address" submitLabel="Save address" onSubmit={onSubmit} />);
    fillValid();
    type(/PIN code/, '110001');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const pin = screen.getByLabelText(/PIN code/);
    expect(await screen.findByText('This PIN code is not in Karnataka.')).toBeTruthy();
    expect(pin.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
    type(/^State/, 'Delhi');
    expect(screen.queryByText('This PIN code is not in Karnataka.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ state: 'Delhi', pincode: '110001' })));
  });

  it('sends the checked, trimmed address (a PIN code typed with a space becomes 6 digits)', async () => {
    const onSubmit = jest.fn(async () => undefined);
    render(<AddressForm title="New address" submitLabel="Save address" onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByRole('radio', { name: 'Work' }));
    type(/House, street and area/, '  12 MG Road  ');
    type(/PIN code/, '560 038');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      label: 'Work',
      line1: '12 MG Road',
      line2: 'Indiranagar',
      landmark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    });
  });

  it('is disabled while saving, and a failed save keeps what was typed', async () => {
    let fail: (reason: Error) => void = () => undefined;
    const onSubmit = jest.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    render(<AddressForm title="New address" submitLabel="Save address" onSubmit={onSubmit} />);
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const city = () => screen.getByLabelText(/^City/) as HTMLInputElement;
    await waitFor(() => expect(city().disabled).toBe(true));
    await act(async () => fail(new Error('offline')));
    await waitFor(() => expect(city().disabled).toBe(false));
    expect(city().value).toBe('Bengaluru');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('starts from a saved address when editing, and offers Cancel', () => {
    const onCancel = jest.fn();
    const saved = { label: 'Home', line1: '4 Lake View', line2: '', landmark: 'Near the temple', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' };
    render(<AddressForm title="Edit address" initial={addressFormValues(saved)} submitLabel="Save changes" onSubmit={jest.fn()} onCancel={onCancel} />);
    expect((screen.getByLabelText(/House, street and area/) as HTMLInputElement).value).toBe('4 Lake View');
    expect((screen.getByLabelText(/^State/) as HTMLSelectElement).value).toBe('Rajasthan');
    expect((screen.getByRole('radio', { name: 'Home' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('the address schema and formatAddress', () => {
  it('checks the empty form with the API\'s schema', () => {
    const issues = addressInputSchema.safeParse(EMPTY_ADDRESS_FORM).error?.issues ?? [];
    expect(issues.find((issue) => issue.path[0] === 'pincode')?.message).toBe('Enter a 6-digit PIN code');
  });

  it('writes an address on one line, leaving out empty parts', () => {
    expect(formatAddress({ line1: '12 MG Road', line2: 'Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' })).toBe(
      '12 MG Road, Indiranagar, Bengaluru, Karnataka 560038',
    );
    expect(formatAddress({ line1: '4 Lake View', line2: '', landmark: 'Near the temple', city: 'Udaipur', state: 'Rajasthan', pincode: '313001' })).toBe(
      '4 Lake View, Near the temple, Udaipur, Rajasthan 313001',
    );
  });
});
