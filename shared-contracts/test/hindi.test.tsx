import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  ApiError,
  BackButton,
  bookingAdvanceLabel,
  CancellationPolicy,
  changeLocale,
  errorMessage,
  LegalLinks,
  LoadError,
  Page,
  refundText,
  saveAddressFailed,
  TermsAgreement,
  useLocale,
} from '../src';
import { AddressForm } from '../src/ui/address-form';
import { formatMoment } from '../src/domain/date-format';

// the contracts' shared page parts in Hindi: a page below a tab, with a failed load, the policy and the legal links
function SharedParts() {
  const locale = useLocale();
  return (
    <Page>
      <BackButton />
      <LoadError message={errorMessage(new ApiError(0, 'offline'), undefined, locale)} onRetry={() => {}} />
      <CancellationPolicy />
      <TermsAgreement />
      <LegalLinks />
      <AddressForm title="नया पता" submitLabel="पता सेव करें" onSubmit={async () => {}} onCancel={() => {}} />
    </Page>
  );
}

const renderParts = () =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/terms', element: <SharedParts /> }], { initialEntries: ['/terms'] })} />);

describe('the contracts in Hindi', () => {
  afterEach(async () => {
    await act(() => changeLocale('en-IN'));
  });

  it('draws the shared page parts in Hindi once the page turns to it, and back in English', async () => {
    renderParts();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();

    await act(() => changeLocale('hi-IN'));
    expect(screen.getByRole('button', { name: 'वापस' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('अभी उत्सव से कनेक्ट नहीं हो पा रहा। अपना इंटरनेट कनेक्शन जाँचें और फिर कोशिश करें।');
    expect(screen.getByRole('button', { name: 'फिर कोशिश करें' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'कैंसलेशन पॉलिसी' })).toBeTruthy();
    expect(screen.getByText('शुरू होने से 24 घंटे के अंदर: कोई रिफ़ंड नहीं')).toBeTruthy();
    expect(screen.getByText(/आगे बढ़कर, आप हमारी/).textContent).toBe('आगे बढ़कर, आप हमारी सेवा की शर्तें और प्राइवेसी पॉलिसी मानते हैं');
    const legal = screen.getByRole('navigation', { name: 'कानूनी' });
    expect(within(legal).getByRole('link', { name: 'सेवा की शर्तें' }).getAttribute('href')).toBe('/terms');
    const form = screen.getByRole('form', { name: 'नया पता' });
    expect(within(form).getByRole('radio', { name: 'घर' })).toBeTruthy();
    expect(within(form).getByLabelText(/मकान, गली और इलाका/)).toBeTruthy();
    expect(within(form).getByRole('option', { name: 'राज्य चुनें' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'रद्द करें' })).toBeTruthy();

    await act(() => changeLocale('en-IN'));
    expect(screen.getByRole('heading', { name: 'Cancellation policy' })).toBeTruthy();
    expect(screen.getByText(/By proceeding, you agree to our/).textContent).toBe('By proceeding, you agree to our Terms of Service and Privacy Policy');
  }, 30_000);

  it('words dates, money rows, refunds and failures in the language asked for, English by default', async () => {
    await act(() => changeLocale('hi-IN'));
    expect(formatMoment('2026-12-05T08:30:00Z', 'hi-IN')).toBe('5 दिस॰ 2026, 2:00 अपराह्न');
    expect(formatMoment('2026-12-05T08:30:00Z')).toBe('5 Dec 2026, 2:00 PM');
    expect(bookingAdvanceLabel('hi-IN')).toBe('बुकिंग एडवांस (10%)');
    expect(refundText({ amount: 500_000, status: 'processed' }, 'hi-IN')).toBe('₹5,000.00, रिफ़ंड हो गया');
    expect(refundText({ amount: 500_000, status: 'processed' })).toBe('₹5,000.00, refunded');
    // the server's own words are shown as they come; the client's are in the page's language
    expect(saveAddressFailed(new ApiError(400, 'Enter a 6-digit PIN code'), 'hi-IN')).toBe('पता सेव नहीं हो सका। Enter a 6-digit PIN code');
    expect(errorMessage('boom', undefined, 'hi-IN')).toBe('कुछ गड़बड़ हो गई। कृपया फिर कोशिश करें।');
    expect(errorMessage('boom')).toBe('Something went wrong. Please try again.');
  });
});
