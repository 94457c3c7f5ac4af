import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { configure, getConfig } from '@utsav/contracts';
import PrivacyPage from '../src/pages/Privacy';
import TermsPage from '../src/pages/Terms';

function renderAt(url: string) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user };
}

const legalNav = () => screen.getByRole('navigation', { name: 'Legal' });

beforeEach(() => configure({ supportEmail: 'help@utsav.test' }));

describe('Terms of Service', () => {
  it('is dated, says what Utsav is, and works the advance out with the real rates', () => {
    renderAt('/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated 23 November 2026')).toBeInTheDocument();
    expect(screen.getByText(/Utsav is a marketplace/)).toBeInTheDocument();
    for (const heading of ['1. What Utsav is', '3. Booking requests', '4. The advance', '5. Cancellations and refunds', '6. How to behave', '7. Liability']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    // ₹10,000: 10% advance, 2% of it as the platform fee, 18% GST on the fee
    expect(
      screen.getByText(/For a ₹10,000\.00 booking that is ₹1,000\.00 \+ ₹20\.00 \+ ₹3\.60 = ₹1,023\.60 now, and ₹9,000\.00 to the provider/),
    ).toBeInTheDocument();
    expect(screen.getByText(/A confirmed \(paid\) booking cannot be cancelled in the app/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: getConfig().supportEmail })[0]).toHaveAttribute('href', 'mailto:help@utsav.test');
    expect(within(legalNav()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('has a back arrow that leads home when it was opened from outside the app', async () => {
    const { user } = renderAt('/terms');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });
});

describe('Privacy Policy', () => {
  it('says what is stored, who sees it, what deletion removes, and never card or UPI details', () => {
    renderAt('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    // the language the profile keeps (issue 20) changed this page, not the Terms
    expect(screen.getByText('Last updated 26 November 2026')).toBeInTheDocument();
    for (const stored of ['Phone number.', 'Profile.', 'Saved addresses.', 'Bookings.', 'Payments.']) {
      expect(screen.getByText(stored)).toBeInTheDocument();
    }
    expect(screen.getByText(/Never your card number, UPI id or bank details/)).toBeInTheDocument();
    expect(screen.getByText(/The provider/)).toBeInTheDocument();
    expect(screen.getByText('Razorpay')).toBeInTheDocument();
    expect(screen.getByText('Firebase Authentication')).toBeInTheDocument();
    expect(screen.getByText(/deletes your profile, your photos, your saved addresses, your cart and your sign-in account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@utsav.test' })).toHaveAttribute('href', 'mailto:help@utsav.test');
    expect(within(legalNav()).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });
});
