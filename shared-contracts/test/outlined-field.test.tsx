import { fireEvent, render, screen } from '@testing-library/react';
import { NativeSelectField } from '@utsav/contracts/native-select-field';
import { OutlinedField } from '@utsav/contracts/outlined-field';

describe('OutlinedField and NativeSelectField (TextField without its Select)', () => {
  it('labels its input, says its message under it and describes the input by it, and passes typing through', () => {
    const onChange = jest.fn();
    const { rerender } = render(<OutlinedField id="pin" label="PIN code" value="" onChange={onChange} inputProps={{ maxLength: 6 }} />);
    const input = screen.getByRole('textbox', { name: 'PIN code' });
    expect(input.getAttribute('maxlength')).toBe('6');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(input, { target: { value: '5600' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    rerender(<OutlinedField id="pin" label="PIN code" value="56" onChange={onChange} error helperText="Enter 6 digits" inputProps={{ maxLength: 6 }} />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Enter 6 digits').id);
    expect(input.getAttribute('maxlength')).toBe('6');
  });

  it('a field without a label is named by its own aria-label, with no empty label element', () => {
    render(<OutlinedField value="" onChange={() => undefined} placeholder="Photographers, caterers…" inputProps={{ 'aria-label': 'Search services' }} />);
    expect(screen.getByRole('textbox', { name: 'Search services' })).toBeTruthy();
    expect(screen.queryByText((_, element) => element?.tagName === 'LABEL')).toBeNull();
  });

  it('a native select: labelled, its label kept above it, and the chosen value handed on', () => {
    const onChange = jest.fn();
    render(
      <NativeSelectField label="City" value="" onChange={onChange}>
        <option value="">All cities</option>
        <option value="Jaipur">Jaipur</option>
      </NativeSelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'City' });
    expect(select.tagName).toBe('SELECT');
    expect(screen.getByText('City', { selector: 'label' }).getAttribute('data-shrink')).toBe('true');
    fireEvent.change(select, { target: { value: 'Jaipur' } });
    expect(onChange).toHaveBeenCalledWith('Jaipur');
  });
});
