import { useSearchParams } from '@utsav/contracts/router';

/**
 * A page's selected tab, kept in the URL (?tab=…) so Back, reload and links come back to it.
 * A missing or unknown value means the first tab, whose URL is the page's own (no ?tab). Switching
 * tabs replaces the history entry: a tab is not a place of its own.
 */
export function useUrlTab<Tab extends string>(tabs: readonly [Tab, ...Tab[]], param = 'tab'): [Tab, (tab: Tab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const tab = tabs.find((candidate) => candidate === raw) ?? tabs[0];
  const select = (next: Tab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === tabs[0]) updated.delete(param);
        else updated.set(param, next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}
