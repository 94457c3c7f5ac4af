import { titleNamesProvider } from '../src/domain/schemas';

describe('titleNamesProvider: who is booked, the provider named once', () => {
  it('is true when the title names the provider, in any case', () => {
    expect(titleNamesProvider('Candid wedding photography by Lens Studio', 'Lens Studio')).toBe(true);
    expect(titleNamesProvider('Bridal makeup at GLOW STUDIO', 'Glow Studio ')).toBe(true);
    expect(titleNamesProvider('Destination wedding photographers in Goa: Farhan Sharma Photography', 'Farhan Sharma Photography')).toBe(true);
  });

  it('is false when the title does not name it, or there is no provider name', () => {
    expect(titleNamesProvider('Henna by Meera', 'Meera Mehendi Arts')).toBe(false);
    expect(titleNamesProvider('Royal Feast catering', '')).toBe(false);
    expect(titleNamesProvider('Royal Feast catering', '   ')).toBe(false);
  });
});
