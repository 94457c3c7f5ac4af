import { matchPath, useLocation, useNavigate } from '@utsav/contracts/router';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import { PAGE_ROUTES, type PageRoute } from '../domain/routes';
import { useCommonT } from '../i18n/contracts-messages';

/**
 * The page a location sits below, from the route table's `parent`, or null for a tab root, the
 * sign-in pages and unknown paths. The first route (in table order) that matches decides.
 */
export function parentPathOf({ pathname, search }: { pathname: string; search: string }): string | null {
  for (const route of PAGE_ROUTES as readonly PageRoute[]) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    if (!route.parent) return null;
    // matchPath gives the params as they are in the URL; the path builders encode them again
    const params = Object.fromEntries(Object.entries(match.params).map(([key, value]) => [key, value === undefined ? value : decoded(value)]));
    return route.parent({ params, query: new URLSearchParams(search) });
  }
  return null;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether the history entry before this one was made by this app. The router numbers the entries it
 * makes in `history.state.idx` (0 for the entry the app was opened on, kept by replaces, +1 per push),
 * so an index above 0 means going back stays in the app; a link opened from elsewhere starts at 0.
 */
export function previousEntryIsInApp(): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

/**
 * Going back from a page below a tab: back in history when the previous entry is in the app, else up
 * to the page's parent, replacing this entry (so Back from the parent does not return here). Null on
 * pages with no parent.
 */
export function useBack(): (() => void) | null {
  const location = useLocation();
  const navigate = useNavigate();
  const parent = parentPathOf(location);
  if (parent === null) return null;
  return () => {
    if (previousEntryIsInApp()) void navigate(-1);
    else void navigate(parent, { replace: true });
  };
}

/** The back arrow (48 px target) for pages below a tab; renders nothing on a page without a parent. */
export function BackButton() {
  const t = useCommonT();
  const back = useBack();
  if (!back) return null;
  return (
    <IconButton aria-label={t('back.label')} onClick={back} color="inherit" edge="start" sx={{ width: 48, height: 48 }}>
      <SvgIcon aria-hidden>
        <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
      </SvgIcon>
    </IconButton>
  );
}
