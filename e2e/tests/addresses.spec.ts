import { expect, test } from '../support/test';
import { chooseBookableDays } from '../support/booking';
import { signInOnboarded } from '../support/auth';
import { firstPackage } from '../support/catalog';

const ADDED_LINE = '4 Lake View, Near the temple, Udaipur, Rajasthan 313001';
const EDITED_LINE = '4 Lake View, Opposite the palace gate, Udaipur, Rajasthan 313004';

test('who and where: an address added at the slot page is booked, shown on the card and the Order Summary, and edited in My Account', { tag: ['@account', '@booking', '@checkout'] }, async ({ page }) => {
  test.setTimeout(120_000);
  const { serviceId, menuId, menuName, serviceTitle, providerName } = await firstPackage();
  await signInOnboarded(page, { withAddress: false });
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await expect(page.getByRole('heading', { name: 'Select Time Slot' })).toBeVisible();

  // no saved address yet: the form is there, and the buttons wait for it, saying why
  const section = page.getByRole('region', { name: 'Service address' });
  const form = section.getByRole('form', { name: 'New address' });
  await expect(form).toBeVisible();
  const bar = page.getByRole('region', { name: 'Your selection' });
  await expect(bar.getByText('Choose where the service should happen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();

  await form.getByRole('radio', { name: 'Other' }).check();
  await form.getByLabel('House, street and area').fill('4 Lake View');
  await form.getByLabel('Landmark (optional)').fill('Near the temple');
  await form.getByLabel('City').fill('Udaipur');
  await form.getByLabel('State').selectOption('Rajasthan');
  await form.getByLabel('PIN code').fill('31300');
  await form.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(form.getByText('Enter a 6-digit PIN code')).toBeVisible();
  await form.getByLabel('PIN code').fill('313001');
  await form.getByRole('button', { name: 'Save and use this address' }).click();
  await expect(page.getByText('Address saved')).toBeVisible();
  await expect(section.getByRole('radio', { name: new RegExp(ADDED_LINE) })).toBeChecked();
  await expect(bar.getByText('Choose where the service should happen')).toBeHidden();

  await chooseBookableDays(page, { from: 10 });
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/bookings/);

  // the booking card says who and where (once the provider stand-in has accepted it, under Accepted)
  const card = page.getByRole('article', { name: menuName }).first();
  await expect(async () => {
    await page.goto('/bookings?tab=accepted');
    await expect(card.getByRole('link', { name: 'Pay Now' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText(`Service${serviceTitle}`);
  await expect(card).toContainText(`Provider${providerName}`);
  await expect(card).toContainText(`Address${ADDED_LINE}`);

  // so does the Order Summary
  await card.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/bookings\/order_summary\?bid=/);
  const info = page.getByRole('region', { name: 'Booking Information' });
  await expect(info).toContainText(`Service${serviceTitle}`);
  await expect(info).toContainText(`Provider${providerName}`);
  await expect(info).toContainText(`Address${ADDED_LINE}`);
  const summaryUrl = page.url();

  // My Account lists the address and edits it
  await page.goto('/account');
  const saved = page.getByRole('region', { name: 'Saved addresses' });
  const item = saved.getByRole('listitem').filter({ hasText: ADDED_LINE });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Edit' }).click();
  const edit = saved.getByRole('form', { name: 'Edit Other address' });
  await edit.getByLabel('Landmark (optional)').fill('Opposite the palace gate');
  await edit.getByLabel('PIN code').fill('3130O4');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Enter a 6-digit PIN code')).toBeVisible();
  await edit.getByLabel('PIN code').fill('313004');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(saved.getByRole('listitem').filter({ hasText: EDITED_LINE })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved addresses' }).getByText(EDITED_LINE)).toBeVisible();

  // the booking keeps the address it was made with
  await page.goto(summaryUrl);
  await expect(page.getByRole('region', { name: 'Booking Information' })).toContainText(`Address${ADDED_LINE}`);

  // the next booking starts from the saved (edited) address
  await page.goto(`/service/slots?serviceId=${serviceId}&package=${menuId}`);
  await expect(page.getByRole('region', { name: 'Service address' }).getByRole('radio', { name: new RegExp(EDITED_LINE) })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
});
