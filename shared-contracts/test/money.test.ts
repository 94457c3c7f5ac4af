import {
  bookingAdvanceLabel,
  formatINR,
  gstOnFeeLabel,
  paymentBreakdown,
  percentLabel,
  percentOf,
  platformFeeLabel,
  parseRupees,
  rupeesToPaise,
} from '../src/domain/money';

describe('money', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatINR(10_000_000)).toBe('₹1,00,000.00');
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(123_456_789)).toBe('₹12,34,567.89');
  });

  it('reads rupees as typed into exact paise, and refuses what is not an amount', () => {
    expect(parseRupees('12,500.50')).toBe(1_250_050);
    expect(parseRupees(' ₹1,00,000 ')).toBe(10_000_000);
    expect(parseRupees('100,000.5')).toBe(10_000_050);
    expect(parseRupees('0.29')).toBe(29);
    expect(parseRupees('1.1')).toBe(110);
    expect(parseRupees('0')).toBe(0);
    for (const bad of ['', ' ', '-5', '12.345', '1e5', 'abc', '12,50,', '1,,000', '.5', '12.', 'NaN', '99999999999999999999']) expect(parseRupees(bad)).toBeNull();
  });

  it('computes the spec payment summary: advance 10%, fee 2% of advance, GST 18% of fee', () => {
    // ₹50,000 booking
    const b = paymentBreakdown(rupeesToPaise(50_000));
    expect(b.advance).toBe(500_000); // ₹5,000
    expect(b.platformFee).toBe(10_000); // ₹100
    expect(b.gst).toBe(1_800); // ₹18
    expect(b.payNow).toBe(511_800); // ₹5,118
    expect(b.remaining).toBe(4_500_000); // ₹45,000
  });

  it('rounds each step to whole paise', () => {
    expect(percentOf(333, 1000)).toBe(33);
    const b = paymentBreakdown(99_999);
    expect(Number.isInteger(b.payNow)).toBe(true);
    expect(b.payNow).toBe(b.advance + b.platformFee + b.gst);
  });
});

describe('payment labels', () => {
  it('are built from the rates, in the spec’s words', () => {
    expect(bookingAdvanceLabel()).toBe('Booking Advance (10%)');
    expect(platformFeeLabel()).toBe('Platform Fee (2%)');
    expect(gstOnFeeLabel()).toBe('GST @ 18%');
  });

  it('print basis points as a percentage', () => {
    expect(percentLabel(200)).toBe('2%');
    expect(percentLabel(1850)).toBe('18.5%');
    expect(percentLabel(5)).toBe('0.05%');
  });
});
