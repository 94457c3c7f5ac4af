import { screen, within } from '@testing-library/react';
import { ApiError, formatDay, getConfig } from '@utsav/contracts';
import { getBooking } from '@utsav/contracts/booking';
import { booking, HOME_LINE } from './support/fixtures';
import { renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
const load = jest.mocked(getBooking);

beforeEach(() => {
  load.mockReset();
  load.mockResolvedValue(booking());
});

const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Payment status: success', () => {
  it('shows the amount, transaction id, today and thanks', () => {
    renderRoute('/payment-status?status=success&amount=511800&paymentId=pay_9&orderId=order_1&bid=b-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeInTheDocument();
    expect(value('Amount Paid')).toBe('₹5,118.00');
    expect(value('Transaction ID')).toBe('pay_9');
    expect(value('Date')).toBe(formatDay(new Date()));
    expect(screen.getByText('Thank you for your purchase!')).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
  });

  it("links 'Continue to Dashboard' to / and 'View Order Details' to the booking's order summary", () => {
    renderRoute('/payment-status?status=success&amount=100&bid=b 1');
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', '/bookings/order_summary?bid=b+1');
  });

  it("defaults to ₹0.00 and 'N/A', and has no 'View Order Details' without a bid", () => {
    renderRoute('/payment-status?status=success');
    expect(value('Amount Paid')).toBe('₹0.00');
    expect(value('Transaction ID')).toBe('N/A');
    expect(screen.queryByRole('link', { name: 'View Order Details' })).not.toBeInTheDocument();
  });

  it("says who and where: the booking's service, provider and address, read from the API", async () => {
    renderRoute('/payment-status?status=success&amount=511800&paymentId=pay_9&bid=b-1');
    expect(await screen.findByText('Lens Studio Photography')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('b-1', expect.any(AbortSignal));
    expect(value('Service')).toBe('Lens Studio Photography');
    expect(value('Provider')).toBe('Lens Studio');
    expect(value('Address')).toBe(HOME_LINE);
  });

  it('without a bid, or when the booking cannot be read, shows only the payment rows', async () => {
    renderRoute('/payment-status?status=success&amount=100');
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Service')).not.toBeInTheDocument();
  });

  it('treats a bad amount as 0', () => {
    renderRoute('/payment-status?status=success&amount=-5e3');
    expect(value('Amount Paid')).toBe('₹0.00');
  });

  it('formats today as day, short month and year', () => {
    expect(formatDay(new Date(2026, 10, 22))).toBe('22 Nov 2026');
  });
});

describe('Payment status: failure', () => {
  it('shows the message, amount and order id', () => {
    renderRoute('/payment-status?status=failure&amount=511800&orderId=order_1&bid=b-1&message=Card%20declined');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Card declined')).toBeInTheDocument();
    expect(value('Amount')).toBe('₹5,118.00');
    expect(value('Order ID')).toBe('order_1');
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it("also says which booking failed: service, provider and address", async () => {
    renderRoute('/payment-status?status=failure&amount=511800&orderId=order_1&bid=b-1');
    expect(await screen.findByText(HOME_LINE)).toBeInTheDocument();
    expect(value('Provider')).toBe('Lens Studio');
  });

  it('leaves who and where out when the booking cannot be read', async () => {
    load.mockRejectedValue(new ApiError(404, 'Booking not found'));
    renderRoute('/payment-status?status=failure&bid=b-404');
    await screen.findByRole('heading', { level: 1, name: 'Payment Failed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Service')).not.toBeInTheDocument();
    expect(value('Order ID')).toBe('N/A');
  });

  it("defaults to 'Please try again.', ₹0.00 and 'N/A'; any status other than success is a failure", () => {
    renderRoute('/payment-status');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Please try again.')).toBeInTheDocument();
    expect(value('Amount')).toBe('₹0.00');
    expect(value('Order ID')).toBe('N/A');
  });

  it("'Try Payment Again' goes to the order summary; 'Contact Support' mails support; the help line names the address", () => {
    renderRoute('/payment-status?status=failure&bid=b-1');
    expect(screen.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/bookings/order_summary?bid=b-1');
    const email = getConfig().supportEmail;
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', `mailto:${email}`);
    const help = screen.getByText(/Need help\?/);
    expect(within(help).getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  });

  it("without a bid, 'Try Payment Again' goes to My Bookings", () => {
    renderRoute('/payment-status?status=failure');
    expect(screen.getByRole('link', { name: 'Try Payment Again' })).toHaveAttribute('href', '/bookings');
  });

  it('shows a hostile message as plain text', () => {
    renderRoute(`/payment-status?status=failure&message=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- proves no <img> element was made from the message (one with an empty alt has no img role)
    expect(document.querySelector('img')).toBeNull();
  });
});
