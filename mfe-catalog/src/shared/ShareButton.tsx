import IconButton from '@mui/material/IconButton';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { toast } from '@utsav/contracts';
import { useCatalogT } from '../i18n';

interface ShareButtonProps {
  /** what is shared, for its accessible name: 'Share this service' */
  what: 'service' | 'package';
  /** the shared page's title, offered to the app the link is shared to */
  title: string;
  /** the page's path in the app (paths.*): the link opens it, after sign-in for someone signed out */
  path: string;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Shares a page's link: through the phone's share sheet (Web Share API) where there is one, else by
 * copying the link, with a toast that says so. Closing the share sheet is not an error.
 */
export function ShareButton({ what, title, path }: ShareButtonProps) {
  const t = useCatalogT();
  async function share() {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (isAbort(error)) return;
        // refused (no share target, not allowed here): the link can still be copied
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('share.copied'));
    } catch {
      toast.error(t('share.copyFailed', { url }));
    }
  }
  return (
    <IconButton aria-label={t(what === 'service' ? 'share.service' : 'share.package')} onClick={() => void share()} sx={{ width: 48, height: 48, flexShrink: 0 }}>
      <ShareOutlined />
    </IconButton>
  );
}
