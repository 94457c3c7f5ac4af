import { expect, test, type Locator, type Page } from '../support/test';
import { signInOnboarded } from '../support/auth';
import { addToCartFromSlots } from '../support/booking';
import { API_URL } from '../support/system';

/**
 * One price truth (issue 15, item 2): with a coupon applied, the Cart, Checkout, the Order Summary and the payment
 * order the API creates (what the Razorpay sandbox checkout shows) agree to the paisa.
 */

/** A seeded package that UTSAV20 (20% off from ₹15,000) applies to. */
async function packageOverFifteenThousand(): Promise<{ serviceId: string; menuId: string; price: number }> {
  const search = (await (await fetch(`${API_URL}/services?q=${encodeURIComponent('wedding photography')}`)).json()) as { results: { serviceId: string }[] };
  for (const { serviceId } of search.results) {
    const service = (await (await fetch(`${API_URL}/services/${serviceId}`)).json()) as { menus: { menuId: string; price: number }[] };
    const menu = service.menus.find((candidate) => candidate.price >= 1_500_000);
    if (menu) return { serviceId, menuId: menu.menuId, price: menu.price };
  }
  throw new Error('no seeded package of ₹15,000 or more');
}

/** The value next to a label in a definition list (the totals blocks). */
async function figure(region: Locator, label: string): Promise<string> {
  const value = region.locator('dt').filter({ hasText: label }).first().locator('xpath=following-sibling::dd[1]');
  await expect(value).toBeVisible();
  return (await value.textContent())!.trim();
}

/** The amount of an Order Summary payment row. */
async function paymentRow(page: Page, label: string): Promise<string> {
  const row = page.getByRole('region', { name: 'Booking Payment Summary' }).getByRole('listitem').filter({ hasText: label });
  return (await row.textContent())!.match(/−?₹[\d,]+\.\d{2}$/)![0];
}

const inr = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

test('a coupon applied in the cart: Cart, Checkout, Order Summary and the payment order agree to the paisa', { tag: ['@booking', '@checkout'] }, async ({ page }) => {
  // five pages, a payment and the provider's acceptance: over a minute on a busy machine (a remote's pipeline)
  test.setTimeout(120_000);
  const menu = await packageOverFifteenThousand();
  await signInOnboarded(page);
  await addToCartFromSlots(page, menu, 12);

  // Cart: the coupon, priced by the server
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Coupon' }).fill(' utsav20 ');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon UTSAV20 applied')).toBeVisible();
  const cartSummary = page.getByRole('region', { name: 'Order Summary' });
  const discount = Math.round((menu.price * 20) / 100);
  expect(await figure(cartSummary, 'Subtotal')).toBe(inr(menu.price));
  expect(await figure(cartSummary, 'Discount (UTSAV20)')).toBe(`−${inr(discount)}`);
  const cart = {
    total: await figure(cartSummary, 'Total booking value'),
    due: await figure(cartSummary, 'Due after acceptance'),
    later: await figure(cartSummary, 'Paid to the provider later'),
  };
  expect(cart.total).toBe(inr(menu.price - discount));
  await expect(cartSummary.getByText(/Platform Fee|Tax/)).toHaveCount(0);

  // Checkout: the same figures, then one confirm
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const checkoutSummary = page.getByRole('region', { name: 'Order Summary' });
  expect(await figure(checkoutSummary, 'Discount (UTSAV20)')).toBe(`−${inr(discount)}`);
  expect(await figure(checkoutSummary, 'Total booking value')).toBe(cart.total);
  expect(await figure(checkoutSummary, 'Due after acceptance')).toBe(cart.due);
  expect(await figure(checkoutSummary, 'Paid to the provider later')).toBe(cart.later);
  await expect(page.getByText(/through Razorpay: UPI, cards, netbanking or wallets/)).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page.getByText(/^(Booking request|\d+ booking requests) sent\. /)).toBeVisible();
  await expect(page).toHaveURL(/\/bookings/);

  // the provider stand-in accepts; the Order Summary shows the booking as the server stored it
  let href: string | null = null;
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    href = await page.getByRole('link', { name: 'Pay Now' }).first().getAttribute('href', { timeout: 2_000 });
    expect(href).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Booking Payment Summary' })).toBeVisible();
  expect(await paymentRow(page, 'Package Price')).toBe(inr(menu.price));
  expect(await paymentRow(page, 'Discount (UTSAV20)')).toBe(`−${inr(discount)}`);
  expect(await paymentRow(page, 'Total Service Value')).toBe(cart.total);
  expect(await paymentRow(page, 'Amount to Pay Now')).toBe(cart.due);
  await expect(page.getByText(`The remaining amount of ${cart.later} is paid to the provider`)).toBeVisible();

  // the payment order the API creates, and what the sandbox checkout shows
  const orderAnswer = page.waitForResponse((response) => response.url().endsWith('/payment/create_order') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const order = (await (await orderAnswer).json()) as { amount: number };
  expect(inr(order.amount)).toBe(cart.due);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(cart.due);
});
