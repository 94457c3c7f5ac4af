import { useSearchParams } from '@utsav/contracts/router';

/**
 * A page's selected tab, kept in the URL (?tab=…) so Back, reload and links come back to it.
 * A missing or unknown value means the first tab, whose URL is the page's own (no ?tab). Switching
 * tabs replaces the history entry: a tab is not a place of its own.
 */
export function useUrlTab<Tab extends string>(tabs: readonly [Tab, ...Tab[]], param = 'tab'): [Tab, (tab: Tab, drop?: readonly string[]) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const tab = tabs.find((candidate) => candidate === raw) ?? tabs[0];
  // `drop`: other parameters that go in the same change (one replace: two in a row would each start from the same URL)
  const select = (next: Tab, drop: readonly string[] = []) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const name of drop) updated.delete(name);
        if (next === tabs[0]) updated.delete(param);
        else updated.set(param, next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}
