import { expect, type Page } from '@playwright/test';
import { appTakenOver } from './hydration';

/** The roles a person operates; each such control must be reachable with Tab. */
const INTERACTIVE_ROLES = ['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'switch', 'tab', 'spinbutton', 'slider'] as const;

/** Attribute the walk puts on every element that had the keyboard focus. */
const SEEN = 'data-kb-seen';

interface FocusStop {
  what: string;
  visible: boolean;
}

/**
 * Presses Tab from the top of the page until the focus comes round again (or `limit` presses),
 * marking each element that took the focus, and tells for each stop whether the focus can be seen:
 * an outline or shadow on the element or on the MUI control around it, or MUI's focused-field style.
 */
export async function tabThroughPage(page: Page, limit = 150): Promise<FocusStop[]> {
  await page.evaluate((seen) => {
    for (const element of document.querySelectorAll(`[${seen}]`)) element.removeAttribute(seen);
    (document.activeElement as HTMLElement | null)?.blur();
    window.getSelection()?.removeAllRanges();
  }, SEEN);
  const stops: FocusStop[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((seen) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      if (element.hasAttribute(seen)) return 'again';
      element.setAttribute(seen, '');
      const drawn = (target: Element | null) => {
        if (!target) return false;
        const style = getComputedStyle(target);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      };
      const visible =
        element.matches(':focus-visible') &&
        (drawn(element) || drawn(element.closest('.Mui-focusVisible')) || element.closest('.MuiInputBase-root.Mui-focused') !== null);
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return { what: `<${element.tagName.toLowerCase()}> "${name}"`, visible };
    }, SEEN);
    if (stop === 'again') break;
    if (stop) stops.push(stop);
  }
  return stops;
}

/**
 * The visible, enabled controls (found by role) that the walk never reached. A control inside a
 * composite widget with one tab stop (tabs, a grid, a radio group) counts as reached when any
 * member of that widget was: the arrow keys move within it.
 */
export async function unreachedControls(page: Page): Promise<string[]> {
  const missed: string[] = [];
  for (const role of INTERACTIVE_ROLES) {
    const names = await page.getByRole(role).evaluateAll(
      (elements, [seen, roleName]) =>
        elements
          .filter((element) => {
            const box = element.getBoundingClientRect();
            if (!element.checkVisibility({ visibilityProperty: true }) || (box.width === 0 && box.height === 0)) return false;
            if (element.matches(':disabled, [aria-disabled="true"]') || element.closest('[inert], [aria-hidden="true"]')) return false;
            if (element.hasAttribute(seen!)) return false;
            const composite =
              element.closest('[role="tablist"], [role="grid"], [role="radiogroup"]') ??
              (element instanceof HTMLInputElement && element.type === 'radio' && element.name ? element.form ?? document : null);
            if (composite && element !== composite) {
              const selector = element instanceof HTMLInputElement && element.type === 'radio' ? `input[name="${element.name}"][${seen}]` : `[${seen}]`;
              if (composite.querySelector(selector)) return false;
            }
            return true;
          })
          .map((element) => `${roleName} <${element.tagName.toLowerCase()}> "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}"`),
      [SEEN, role] as const,
    );
    missed.push(...names);
  }
  return missed;
}

/** Tabs through the page once the app has it (not the server's drawing of it); every control must take the focus, visibly. */
export async function expectKeyboardReachable(page: Page, where: string): Promise<void> {
  await appTakenOver(page);
  const stops = await tabThroughPage(page);
  expect(stops.length, `${where}: Tab reached something`).toBeGreaterThan(0);
  expect.soft(await unreachedControls(page), `${where}: controls Tab never reached`).toEqual([]);
  expect.soft(
    stops.filter((stop) => !stop.visible).map((stop) => stop.what),
    `${where}: focus that can't be seen`,
  ).toEqual([]);
}
