/** The bottom tab bar's height, which the page and the toasts keep clear of (its own tiny module, so
 * the toasts don't pull the tab bar into the first chunk). */
export const BOTTOM_TABS_HEIGHT = 64;
