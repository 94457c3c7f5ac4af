import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, showBookingChange, toast, useSession } from '@utsav/contracts';
import { getBooking, getBookingHistory, getInvoicePdf } from '@utsav/contracts/booking';
import { CANCELLATION_TIERS, notRefundedRule } from '@utsav/contracts/cancellation-policy';
import { createPaymentOrder, getPaymentConfig, verifyPayment } from '@utsav/contracts/payment';
import { loadScript } from '../src/shared/load-script';
import { booking, deferred, HOME_LINE, SIGNED_IN } from './support/fixtures';
import { currentLocation, currentQuery, renderRoute } from './support/render';

jest.mock('@utsav/contracts/booking');
jest.mock('@utsav/contracts/payment');
jest.mock('../src/shared/load-script');
jest.mock('@utsav/contracts', () => ({ ...jest.requireActual('@utsav/contracts'), useSession: jest.fn() }));

const load = jest.mocked(getBooking);
const ORDER = { id: 'order_1', amount: 511_800, currency: 'INR' as const, keyId: 'rzp_test_key' };
const SUCCESS = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_9', razorpay_signature: 'sig' };

/** A stand-in for the provider's checkout: records its options, handlers and whether it opened. */
class FakeRazorpay {
  static last: FakeRazorpay | undefined;
  opened = false;
  failed?: (response: RazorpayFailureResponse) => void;
  constructor(readonly options: RazorpayOptions) {
    FakeRazorpay.last = this;
  }
  on(_event: 'payment.failed', callback: (response: RazorpayFailureResponse) => void) {
    this.failed = callback;
  }
  open() {
    this.opened = true;
  }
  close = jest.fn(() => {
    this.opened = false;
  });
}

let errorToast: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  FakeRazorpay.last = undefined;
  window.Razorpay = FakeRazorpay as unknown as typeof window.Razorpay;
  jest.mocked(useSession).mockReturnValue(SIGNED_IN);
  load.mockResolvedValue(booking());
  jest.mocked(getBookingHistory).mockResolvedValue([
    { kind: 'requested', at: '2026-11-25T08:35:00.000Z', by: 'you' },
    { kind: 'accepted', at: '2026-11-25T09:00:00.000Z', by: 'provider' },
  ]);
  jest.mocked(getPaymentConfig).mockResolvedValue({ keyId: 'rzp_test_key', checkoutUrl: 'http://api/checkout.js' });
  jest.mocked(loadScript).mockResolvedValue(undefined);
  jest.mocked(createPaymentOrder).mockResolvedValue(ORDER);
  jest.mocked(verifyPayment).mockResolvedValue({ status: true });
  errorToast = jest.spyOn(toast, 'error').mockReturnValue('t');
});

afterEach(() => {
  delete window.Razorpay;
  errorToast.mockRestore();
});

async function renderLoaded(url = '/bookings/order_summary?bid=b-1') {
  const user = userEvent.setup();
  renderRoute(url);
  await screen.findByRole('heading', { level: 2, name: 'Booking Information' });
  return user;
}

const payButton = () => screen.getByRole('button', { name: /Proceed to Payment|Preparing payment…|Payment in progress…/ });
const info = () => screen.getByRole('region', { name: 'Booking Information' });
const summary = () => screen.getByRole('region', { name: 'Booking Payment Summary' });

function row(label: string) {
  const item = within(summary())
    .getAllByRole('listitem')
    // eslint-disable-next-line testing-library/no-node-access -- a row's label is its first text (<p>) beside a hint and an amount; the list items have no other name
    .find((li) => li.querySelector('p')?.textContent === label);
  if (!item) throw new Error(`no row ${label}`);
  return item;
}

describe('Order Summary', () => {
  it("has the header 'Order Summary' and 'Review your booking before payment' and loads the booking by bid", async () => {
    await renderLoaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.getByText('Review your booking before payment')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('b-1', expect.any(AbortSignal));
  });

  it('shows Booking ID, Date (from - to), Time (start - end, 12-hour), who (service, provider), Package and where (the address)', async () => {
    await renderLoaded();
    const card = info();
    const terms = within(card).getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['Booking ID', 'Date', 'Time', 'Service', 'Provider', 'Package', 'Address']);
    const values = within(card).getAllByRole('definition').map((d) => d.textContent);
    expect(values).toEqual(['b-1', '5 Dec 2026 – 7 Dec 2026', '9:00 AM – 5:00 PM', 'Lens Studio Photography', 'Lens Studio', 'Gold Wedding Package', HOME_LINE]);
  });

  it('has no Address row for a booking made before addresses were asked for', async () => {
    load.mockResolvedValue(booking({ address: null }));
    await renderLoaded();
    expect(within(info()).queryByText('Address')).not.toBeInTheDocument();
    expect(within(info()).getByText('Lens Studio')).toBeInTheDocument();
  });

  it('shows the Special Note only when a note exists, as plain text', async () => {
    load.mockResolvedValue(booking({ note: '<b>Bring</b> extra lights' }));
    await renderLoaded();
    expect(within(info()).getByText('Special Note')).toBeInTheDocument();
    expect(within(info()).getByText('<b>Bring</b> extra lights')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- proves no <b> element was made from the note: markup has no role to query by
    expect(info().querySelector('b')).toBeNull();
  });

  it('has no Special Note without a note', async () => {
    load.mockResolvedValue(booking({ note: '   ' }));
    await renderLoaded();
    expect(within(info()).queryByText('Special Note')).not.toBeInTheDocument();
  });

  it('shows every payment row with its hint and amount for ₹50,000', async () => {
    await renderLoaded();
    const expected: [string, string, string][] = [
      ['Total Service Value', 'Payable in full', '₹50,000.00'],
      ['Booking Advance (10%)', 'Secures your slot', '₹5,000.00'],
      ['Platform Fee (2%)', 'Charged separately', '₹100.00'],
      ['GST @ 18%', 'On platform fee', '₹18.00'],
      ['Amount to Pay Now', 'includes booking advance, platform fee and taxes', '₹5,118.00'],
    ];
    for (const [label, hint, amount] of expected) {
      const item = row(label);
      expect(within(item).getByText(hint)).toBeInTheDocument();
      expect(within(item).getByText(amount)).toBeInTheDocument();
    }
    // eslint-disable-next-line testing-library/no-node-access -- a row's label is its first text (<p>) beside a hint and an amount; the list items have no other name
    expect(within(summary()).getAllByRole('listitem').filter((li) => li.tagName === 'LI' && li.querySelector('p'))).toHaveLength(5);
    expect(within(summary()).getByText(/remaining amount of ₹45,000\.00 is paid to the provider after service completion/)).toBeInTheDocument();
  });

  it("a discounted booking shows its package price, the discount with its code, and the server's payment of the discounted value", async () => {
    load.mockResolvedValue(
      booking({
        listAmount: 7_500_050,
        discount: 1_500_010,
        couponCode: 'UTSAV20',
        amount: 6_000_040,
        payment: { advance: 600_004, platformFee: 12_000, gst: 2_160, payNow: 614_164, remaining: 5_400_036 },
      }),
    );
    await renderLoaded();
    const expected: [string, string, string][] = [
      ['Package Price', "The package's price when booked", '₹75,000.50'],
      ['Discount (UTSAV20)', 'Coupon applied at checkout', '−₹15,000.10'],
      ['Total Service Value', 'Payable in full', '₹60,000.40'],
      ['Booking Advance (10%)', 'Secures your slot', '₹6,000.04'],
      ['Platform Fee (2%)', 'Charged separately', '₹120.00'],
      ['GST @ 18%', 'On platform fee', '₹21.60'],
      ['Amount to Pay Now', 'includes booking advance, platform fee and taxes', '₹6,141.64'],
    ];
    const rows = within(summary()).getAllByRole('listitem');
    // eslint-disable-next-line testing-library/no-node-access -- a row's label is its first text (<p>) beside a hint and an amount; the list items have no other name
    expect(rows.map((li) => [li.querySelector('p')?.textContent, within(li).getByText(/^−?₹/).textContent])).toEqual(expected.map(([label, , amount]) => [label, amount]));
    for (const [label, hint] of expected) expect(within(row(label)).getByText(hint)).toBeInTheDocument();
    expect(within(summary()).getByText(/remaining amount of ₹54,000\.36 is paid to the provider/)).toBeInTheDocument();
  });

  it("shows the payment the server sent, never a figure of its own", async () => {
    // not what paymentBreakdown(₹50,000) gives: the page must not recompute
    load.mockResolvedValue(booking({ payment: { advance: 1, platformFee: 2, gst: 3, payNow: 6, remaining: 4 } }));
    await renderLoaded();
    expect(within(row('Booking Advance (10%)')).getByText('₹0.01')).toBeInTheDocument();
    expect(within(row('Amount to Pay Now')).getByText('₹0.06')).toBeInTheDocument();
    expect(within(summary()).queryByText('Package Price')).not.toBeInTheDocument();
  });

  it('offers Proceed to Payment and the terms line for an accepted booking', async () => {
    await renderLoaded();
    expect(payButton()).toHaveTextContent('Proceed to Payment');
    expect(payButton()).toBeEnabled();
    const terms = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === 'By proceeding, you agree to our Terms of Service and Privacy Policy');
    expect(within(terms).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(terms).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  describe('says what is true for where the booking stands', () => {
    const subtitle = () => screen.getByRole('heading', { level: 1, name: 'Order Summary' }).nextElementSibling?.textContent;
    const PAID = { invoiceNumber: 'UTS/2026-27/000042' } as const;

    it('requested: the request is with the provider; what will be paid once accepted; no Pay button', async () => {
      load.mockResolvedValue(booking({ status: 'requested' }));
      await renderLoaded();
      expect(subtitle()).toBe('Your request is with the provider. You can pay once they accept it.');
      expect(within(row('To Pay Once Accepted')).getByText('₹5,118.00')).toBeInTheDocument();
      expect(within(summary()).queryByText('Amount to Pay Now')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
      expect(screen.queryByText('Review your booking before payment')).not.toBeInTheDocument();
    });

    it("accepted (payable): the spec's header, the Amount to Pay Now and Proceed to Payment", async () => {
      await renderLoaded();
      expect(subtitle()).toBe('Review your booking before payment');
      expect(within(row('Amount to Pay Now')).getByText('₹5,118.00')).toBeInTheDocument();
      expect(payButton()).toBeEnabled();
    });

    it('paid (confirmed): says it is paid, what was paid and its invoice; no Pay button', async () => {
      load.mockResolvedValue(booking({ status: 'confirmed', ...PAID }));
      await renderLoaded();
      expect(subtitle()).toBe('Paid: your booking is confirmed.');
      expect(within(row('Amount Paid')).getByText('₹5,118.00')).toBeInTheDocument();
      expect(within(summary()).queryByText('Amount to Pay Now')).not.toBeInTheDocument();
      expect(within(summary()).getByText('Tax invoice UTS/2026-27/000042')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/By proceeding/)).not.toBeInTheDocument();
    });

    it('cancelled after payment: says so, what was paid and the refund; nothing more to pay', async () => {
      load.mockResolvedValue(booking({ status: 'cancelled', ...PAID, refund: { amount: 250_000, status: 'processed' } }));
      await renderLoaded();
      expect(subtitle()).toBe('This booking was cancelled after payment. Your refund is below.');
      expect(within(row('Amount Paid')).getByText('₹5,118.00')).toBeInTheDocument();
      expect(within(summary()).getByText('Refund of your advance: ₹2,500.00, refunded')).toBeInTheDocument();
      expect(within(summary()).queryByText(/remaining amount/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    });

    it.each([
      ['withdrawn (cancelled before payment)', { status: 'cancelled' }, 'This booking was cancelled. Nothing was paid.'],
      ['declined', { status: 'failed', failureReason: 'declined' }, 'The provider declined this request. Nothing was paid.'],
    ] as const)('%s: says so and that nothing was paid; no payment rows, no Pay button', async (_, state, words) => {
      load.mockResolvedValue(booking(state));
      await renderLoaded();
      expect(subtitle()).toBe(words);
      expect(within(summary()).getByText('Nothing was paid for this booking, and nothing is due.')).toBeInTheDocument();
      expect(within(summary()).queryByText(/Amount to Pay Now|Amount Paid|Booking Advance/)).not.toBeInTheDocument();
      expect(within(row('Total Service Value')).getByText('₹50,000.00')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    });

    it('payment failed: says the last payment did not go through, and offers to pay again', async () => {
      load.mockResolvedValue(booking({ status: 'failed', failureReason: 'payment_failed' }));
      await renderLoaded();
      expect(subtitle()).toBe('Your last payment did not go through. Review your booking and pay again.');
      expect(within(row('Amount to Pay Now')).getByText('₹5,118.00')).toBeInTheDocument();
      expect(payButton()).toBeEnabled();
    });

    it('not found: the page says only that', async () => {
      load.mockRejectedValue(new ApiError(404, 'Booking not found'));
      renderRoute('/bookings/order_summary?bid=nope');
      expect(await screen.findByText("We couldn't find this booking.")).toBeInTheDocument();
      expect(screen.queryByText('Review your booking before payment')).not.toBeInTheDocument();
      expect(screen.queryByText(/Amount to Pay Now|Proceed to Payment/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    });
  });

  it('shows the cancellation policy on a booking that can still be cancelled, and not on a cancelled one', async () => {
    await renderLoaded();
    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(within(policy).getByRole('heading', { level: 2, name: 'Cancellation policy' })).toBeInTheDocument();
    expect(within(policy).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ...CANCELLATION_TIERS.map((tier) => tier.rule),
      notRefundedRule(),
    ]);
    expect(within(summary()).queryByText(/Refund of your advance/)).not.toBeInTheDocument();
  });

  it("a paid booking the consumer cancelled shows the server's refund and where it is", async () => {
    load.mockResolvedValue(booking({ status: 'cancelled', refund: { amount: 250_000, status: 'processed' } }));
    await renderLoaded();
    expect(within(summary()).getByText('Refund of your advance: ₹2,500.00, refunded')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cancellation policy' })).not.toBeInTheDocument();
    expect(screen.getByText('This booking was cancelled after payment. Your refund is below.')).toBeInTheDocument();
  });

  it("shows the booking's history from the server: each step, when (India's clock) and by whom", async () => {
    jest.mocked(getBookingHistory).mockResolvedValue([
      { kind: 'requested', at: '2026-11-25T08:35:00.000Z', by: 'you' },
      { kind: 'accepted', at: '2026-11-25T09:00:00.000Z', by: 'provider' },
      { kind: 'rescheduled', at: '2026-11-26T04:30:00.000Z', by: 'provider', detail: 'moved to 12 Dec 2026, 10:00 AM – 2:00 PM' },
      { kind: 'cancelled', at: '2026-11-27T06:00:00.000Z', by: 'you' },
      { kind: 'refunded', at: '2026-11-27T06:01:00.000Z', by: 'payment', amount: 500_000 },
    ]);
    load.mockResolvedValue(booking({ status: 'cancelled', refund: { amount: 500_000, status: 'processed' } }));
    await renderLoaded();
    const history = screen.getByRole('region', { name: 'History' });
    const steps = await within(history).findAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Requested25 Nov 2026, 2:05 PM · You',
      'Accepted by the provider25 Nov 2026, 2:30 PM · The provider',
      'Moved to new dates26 Nov 2026, 10:00 AM · The providermoved to 12 Dec 2026, 10:00 AM – 2:00 PM',
      'Cancelled27 Nov 2026, 11:30 AM · You',
      'Refunded ₹5,000.0027 Nov 2026, 11:31 AM · Payment',
    ]);
    expect(getBookingHistory).toHaveBeenCalledWith('b-1', expect.any(AbortSignal));
    // a finished booking can be booked again: the same package's slot page
    expect(within(history).getByRole('link', { name: 'Book again' })).toHaveAttribute('href', '/service/slots?serviceId=s1&package=m1');
  });

  it('the history failing to load says so with Retry; the rest of the page stands', async () => {
    jest.mocked(getBookingHistory).mockRejectedValueOnce(new ApiError(503, 'down'));
    const user = await renderLoaded();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByRole('alert')).toHaveTextContent("We couldn't load this booking's history.");
    expect(payButton()).toBeEnabled();
    expect(within(history).queryByRole('link', { name: 'Book again' })).not.toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Retry' }));
    expect(await within(history).findAllByRole('listitem')).toHaveLength(2);
  });

  it('a paid booking offers its tax invoice: Download invoice saves the PDF the API sends, named by its number', async () => {
    load.mockResolvedValue(booking({ status: 'confirmed', invoiceNumber: 'UTS/2026-27/000042' }));
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    jest.mocked(getInvoicePdf).mockResolvedValue(pdf);
    const saved: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    URL.createObjectURL = jest.fn(() => 'blob:invoice');
    URL.revokeObjectURL = jest.fn();
    const user = await renderLoaded();
    expect(within(summary()).getByText('Tax invoice UTS/2026-27/000042')).toBeInTheDocument();
    await user.click(within(summary()).getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:invoice', download: 'Utsav-invoice-UTS-2026-27-000042.pdf' }]));
    expect(getInvoicePdf).toHaveBeenCalledWith('b-1');
    expect(URL.createObjectURL).toHaveBeenCalledWith(pdf);
    click.mockRestore();
  });

  it('an unpaid booking has no invoice', async () => {
    await renderLoaded();
    expect(within(summary()).queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
  });

  it('a download the API refuses is a toast saying why, and the button works again', async () => {
    load.mockResolvedValue(booking({ status: 'confirmed', invoiceNumber: 'UTS/2026-27/000042' }));
    jest.mocked(getInvoicePdf).mockRejectedValue(new ApiError(503, 'Service unavailable'));
    const user = await renderLoaded();
    await user.click(within(summary()).getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Could not download the invoice: Service unavailable'));
    expect(within(summary()).getByRole('button', { name: 'Download invoice' })).toBeEnabled();
  });

  it('lets a booking whose payment failed be paid again', async () => {
    load.mockResolvedValue(booking({ status: 'failed', failureReason: 'payment_failed' }));
    await renderLoaded();
    expect(payButton()).toBeEnabled();
  });

  it('without a bid, says so and links to My Bookings, with no call', async () => {
    renderRoute('/bookings/order_summary');
    expect(screen.getByText(/No booking was chosen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/bookings');
    expect(load).not.toHaveBeenCalled();
  });

  it('a 404 says the booking was not found, with a link to My Bookings', async () => {
    load.mockRejectedValue(new ApiError(404, 'Booking not found'));
    renderRoute('/bookings/order_summary?bid=nope');
    expect(await screen.findByText("We couldn't find this booking.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/bookings');
  });

  it('another failure offers Retry, which loads again', async () => {
    load.mockRejectedValueOnce(new ApiError(500, 'boom'));
    const user = userEvent.setup();
    renderRoute('/bookings/order_summary?bid=b-1');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this booking.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Booking Information' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('Order Summary payment', () => {
  it('loads the script, creates the order for the amount to pay now and opens checkout prefilled', async () => {
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    expect(loadScript).toHaveBeenCalledWith('http://api/checkout.js');
    expect(createPaymentOrder).toHaveBeenCalledWith({ userId: 'user-1', bookingId: 'b-1', amount: 511_800, currency: 'INR' });
    expect(FakeRazorpay.last!.options).toEqual(
      expect.objectContaining({
        key: 'rzp_test_key',
        order_id: 'order_1',
        amount: 511_800,
        currency: 'INR',
        name: 'Utsav',
        description: 'Gold Wedding Package',
        prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '+919800000001' },
      }),
    );
    // no second payment while checkout is open
    expect(payButton()).toBeDisabled();
  });

  it("shows 'Preparing payment…' and ignores more clicks while preparing", async () => {
    const order = deferred<typeof ORDER>();
    jest.mocked(createPaymentOrder).mockReturnValue(order.promise);
    const user = await renderLoaded();
    await user.click(payButton());
    expect(await screen.findByRole('button', { name: 'Preparing payment…' })).toBeDisabled();
    fireEvent.click(payButton());
    await act(async () => order.resolve(ORDER));
    expect(createPaymentOrder).toHaveBeenCalledTimes(1);
    expect(getPaymentConfig).toHaveBeenCalledTimes(1);
  });

  it('closing checkout enables the button again', async () => {
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    act(() => FakeRazorpay.last!.options.modal!.ondismiss!());
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Proceed to Payment');
  });

  it("a script that fails to load: toast 'Razorpay SDK failed to load. Are you online?' and no order", async () => {
    jest.mocked(loadScript).mockRejectedValue(new Error('offline'));
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Razorpay SDK failed to load. Are you online?'));
    expect(createPaymentOrder).not.toHaveBeenCalled();
    expect(FakeRazorpay.last).toBeUndefined();
    expect(payButton()).toBeEnabled();
  });

  it("an order that can't be created: toast 'Could not initiate payment.'", async () => {
    jest.mocked(createPaymentOrder).mockRejectedValue(new ApiError(500, 'nope'));
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith('Could not initiate payment.'));
    expect(FakeRazorpay.last).toBeUndefined();
    expect(payButton()).toBeEnabled();
  });

  it('on completion verifies and goes to the success page', async () => {
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    await act(async () => FakeRazorpay.last!.options.handler(SUCCESS));
    expect(verifyPayment).toHaveBeenCalledWith(SUCCESS);
    expect(currentLocation().startsWith('/payment-status?')).toBe(true);
    expect(currentQuery()).toEqual({ status: 'success', amount: '511800', paymentId: 'pay_9', orderId: 'order_1', bid: 'b-1' });
  });

  it('a verification with no status goes to the failure page', async () => {
    jest.mocked(verifyPayment).mockResolvedValue({ status: false });
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    await act(async () => FakeRazorpay.last!.options.handler(SUCCESS));
    expect(currentQuery()).toEqual({ status: 'failure', amount: '511800', orderId: 'order_1', bid: 'b-1' });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it("a verification call that fails: toast 'An error occurred during verification.' and the failure page", async () => {
    jest.mocked(verifyPayment).mockRejectedValue(new ApiError(500, 'down'));
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    await act(async () => FakeRazorpay.last!.options.handler(SUCCESS));
    expect(errorToast).toHaveBeenCalledWith('An error occurred during verification.');
    expect(currentQuery()).toMatchObject({ status: 'failure', orderId: 'order_1', bid: 'b-1' });
  });

  it('going Back while checkout is open closes it: nothing can be paid from a page that was left', async () => {
    const user = userEvent.setup();
    renderRoute(['/bookings', '/bookings/order_summary?bid=b-1']);
    await screen.findByRole('heading', { level: 2, name: 'Booking Information' });
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'My Bookings page' })).toBeInTheDocument();
    expect(FakeRazorpay.last!.close).toHaveBeenCalledTimes(1);
    expect(FakeRazorpay.last!.opened).toBe(false);
    // a completion the provider reports anyway is still verified (recorded), but the page left stays left
    await act(async () => FakeRazorpay.last!.options.handler(SUCCESS));
    expect(verifyPayment).toHaveBeenCalledWith(SUCCESS);
    expect(currentLocation()).toBe('/bookings');
    act(() => FakeRazorpay.last!.failed!({ error: { description: 'Card declined by bank' } }));
    expect(currentLocation()).toBe('/bookings');
  });

  it('leaving while the payment is being prepared opens no checkout over the next page', async () => {
    const order = deferred<typeof ORDER>();
    jest.mocked(createPaymentOrder).mockReturnValue(order.promise);
    const user = userEvent.setup();
    renderRoute(['/bookings', '/bookings/order_summary?bid=b-1']);
    await screen.findByRole('heading', { level: 2, name: 'Booking Information' });
    await user.click(payButton());
    await screen.findByRole('button', { name: 'Preparing payment…' });
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await act(async () => order.resolve(ORDER));
    expect(screen.getByRole('heading', { name: 'My Bookings page' })).toBeInTheDocument();
    expect(FakeRazorpay.last).toBeUndefined();
  });

  it("payment.failed goes to the failure page with the provider's message", async () => {
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    act(() => FakeRazorpay.last!.failed!({ error: { description: 'Card declined by bank' } }));
    expect(currentQuery()).toEqual({
      status: 'failure',
      amount: '511800',
      orderId: 'order_1',
      bid: 'b-1',
      message: 'Card declined by bank',
    });
    expect(verifyPayment).not.toHaveBeenCalled();
  });
});

describe('Order Summary, live', () => {
  const deliverLive = (changed: ReturnType<typeof booking>) => act(() => showBookingChange(changed));

  it('a booking the live stream turns paid while its checkout finishes still goes on to the success page', async () => {
    const user = await renderLoaded();
    await user.click(payButton());
    await waitFor(() => expect(FakeRazorpay.last?.opened).toBe(true));
    // the webhook confirms it first: the page says it is paid and the Pay button goes
    deliverLive(booking({ status: 'confirmed', invoiceNumber: 'UTS/2026-27/000042' }));
    expect(await screen.findByText('Paid: your booking is confirmed.')).toBeInTheDocument();
    expect(FakeRazorpay.last!.close).not.toHaveBeenCalled();
    await act(async () => FakeRazorpay.last!.options.handler(SUCCESS));
    expect(currentQuery()).toEqual({ status: 'success', amount: '511800', paymentId: 'pay_9', orderId: 'order_1', bid: 'b-1' });
  });

  it('a waiting request the provider accepts turns payable in place, with its new history step, without a reload', async () => {
    load.mockResolvedValue(booking({ status: 'requested' }));
    await renderLoaded();
    const waiting = 'Your request is with the provider. You can pay once they accept it.';
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
    expect(screen.getByText(waiting)).toBeInTheDocument();
    expect(getBookingHistory).toHaveBeenCalledTimes(1);

    deliverLive(booking({ bookingId: 'another', status: 'accepted' }));
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();

    deliverLive(booking({ status: 'accepted' }));
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(screen.getByText('Review your booking before payment')).toBeInTheDocument();
    expect(screen.queryByText(waiting)).not.toBeInTheDocument();
    await waitFor(() => expect(getBookingHistory).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
