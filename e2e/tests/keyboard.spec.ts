import { expect, test } from '../support/test';
import { latestCodeFor, createProfile, newPhoneDigits, signInOnboarded } from '../support/auth';
import { ACCEPTED_TOAST, addToCartFromSlots } from '../support/booking';
import { firstPackage } from '../support/catalog';
import { appTakenOver } from '../support/hydration';
import { expectKeyboardReachable } from '../support/keyboard';
import { claimOnJoinPage } from '../support/provider';

test('login by keyboard alone: Tab to the phone, Enter sends the code, Enter verifies', { tag: ['@account', '@catalog'] }, async ({ page }) => {
  const phone = newPhoneDigits();
  await createProfile(phone);
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Phone Verification' })).toBeVisible();
  await expectKeyboardReachable(page, 'Login: phone entry');

  await page.goto('/login');
  // the server draws the page; the app takes it over once its code is here: wait for that before the first Tab
  await appTakenOver(page);
  await expect(page.getByLabel('Phone Number')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Phone Number')).toBeFocused();
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  const code = page.getByPlaceholder('Enter 6-digit code');
  await expect(code).toBeVisible();
  await expectKeyboardReachable(page, 'Login: code entry');

  await code.focus();
  await page.keyboard.type(await latestCodeFor(`+91${phone}`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});

test('every control of the catalog pages takes the focus, visibly', { tag: ['@catalog'] }, async ({ page }) => {
  // five pages tabbed through, up to 150 stops each: 41 s alone, past the default 60 s once beside the rest of npm test
  test.setTimeout(120_000);
  const { serviceId, menuId } = await firstPackage();
  await signInOnboarded(page);
  await expect(page.getByRole('heading', { name: 'Recommended For You' })).toBeVisible();
  await expectKeyboardReachable(page, 'Home');

  await page.goto('/services?q=photography');
  await expect(page.locator('main a[href^="/service/"]').first()).toBeVisible();
  await expectKeyboardReachable(page, 'Search results');

  await page.goto(`/service/${serviceId}`);
  await expect(page.getByRole('tab', { name: 'Details' })).toBeVisible();
  await expectKeyboardReachable(page, 'Service detail');
  // the tabs move with the arrow keys
  await page.getByRole('tab', { name: 'Details' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Reviews' })).toBeFocused();
  await page.keyboard.press('Enter');
  // the seeded reviews (or the spec's 'No reviews available.' for a service nobody has reviewed)
  await expect(page.getByRole('tabpanel', { name: 'Reviews' }).getByText(/^(Showing \d+ of \d+ reviews?|No reviews available\.)$/)).toBeVisible();

  await page.goto(`/service/${serviceId}/menu`);
  await expect(page.getByRole('heading', { name: 'Available Packages' })).toBeVisible();
  await expectKeyboardReachable(page, 'Package list');

  await page.goto(`/service/${serviceId}/menu/details/${menuId}`);
  await expect(page.getByText("What's Included")).toBeVisible();
  await expectKeyboardReachable(page, 'Package detail');
});

test('slot selection and booking by keyboard: arrows pick the dates, Enter books; the bookings tabs follow the arrows', { tag: ['@booking'] }, async ({ page }) => {
  test.setTimeout(90_000);
  const { serviceId, menuId, menuName } = await firstPackage();
  await signInOnboarded(page);
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await expect(page.getByRole('grid')).toBeVisible();
  await expectKeyboardReachable(page, 'Slot selection');

  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Enter');
  // Tab from the month buttons lands on the grid's one tab stop; the arrows move a day or a week
  await page.keyboard.press('Tab');
  const focusedDay = page.getByRole('grid').locator('button:focus');
  await expect(focusedDay).toHaveCount(1);
  const start = (await focusedDay.getAttribute('data-date'))!;
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const end = new Date(`${start}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 8);
  await expect(focusedDay).toHaveAttribute('data-date', end.toISOString().slice(0, 10));
  await page.keyboard.press('Enter');
  await expect(page.locator(`button[data-date="${end.toISOString().slice(0, 10)}"]`)).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Book Now' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/bookings/);
  // listed under Requested, or already moved to Accepted by the live stream (the stand-in is quick)
  await expect(page.getByText(menuName).first().or(page.getByText(ACCEPTED_TOAST)).first()).toBeVisible();
  // the provider stand-in accepts within a second: walk the page once it holds still, with Pay Now and Cancel
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    await expect(page.getByRole('link', { name: 'Pay Now' }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expectKeyboardReachable(page, 'My Bookings');

  await page.getByRole('tab', { name: 'Accepted' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Confirmed' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Confirmed' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=confirmed/);
});

test('cart, checkout and My Account by keyboard; a dialog opens with Enter and closes with Escape', { tag: ['@account', '@booking', '@checkout'] }, async ({ page }) => {
  // a booking added to the cart, then four pages tabbed through: 28 s alone, 52 s beside the whole run, and past
  // 60 s twice in a clean-clone run once My Account's profile grew its age and gender (issue 39)
  test.setTimeout(120_000);
  const { serviceId, menuId } = await firstPackage('bridal makeup');
  await signInOnboarded(page);
  await addToCartFromSlots(page, { serviceId, menuId }, 15);

  await page.goto('/cart');
  await expect(page.getByRole('textbox', { name: 'Coupon' })).toBeVisible();
  await expectKeyboardReachable(page, 'Cart');
  await page.goto('/checkout');
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha Verma');
  await expectKeyboardReachable(page, 'Checkout');

  await page.goto('/account');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expectKeyboardReachable(page, 'My Account: profile');
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeVisible();
  await expectKeyboardReachable(page, 'My Account: settings');

  const remove = page.getByRole('button', { name: 'Delete my account' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // the focus moved into the dialog (MUI puts it on the dialog's container)
  expect(
    await page.evaluate(() => {
      const open = document.querySelector('[role="dialog"]');
      const focused = document.activeElement;
      return Boolean(open && focused && (open.contains(focused) || focused.contains(open)));
    }),
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
});

test("the provider's requests and calendar by keyboard: every control takes the focus; a day opens with Enter and closes with Escape", { tag: ['@provider'] }, async ({ page }) => {
  await signInOnboarded(page);
  await claimOnJoinPage(page);
  await expect(page.getByText(/No requests are waiting/)).toBeVisible();
  await expectKeyboardReachable(page, 'Provider requests');

  await page.goto('/provider/calendar');
  const month = page.getByRole('group', { name: /tap a day/ });
  await expect(month).toBeVisible();
  await expectKeyboardReachable(page, 'Provider calendar');
  const day = month.getByRole('button').last();
  await day.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Block day' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(day).toBeFocused();
});
