import { useEffect, useState } from 'react';
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES } from '@utsav/contracts/schemas';
import type { AccountMessage } from '../i18n';

export const PHOTO_MAX_BYTES = PROFILE_PHOTO_MAX_BYTES;
export const PHOTO_MAX_MB = PHOTO_MAX_BYTES / (1024 * 1024);
/** for the file input's accept attribute: only what the server takes */
export const PHOTO_ACCEPT = PROFILE_PHOTO_TYPES.join(',');

/** What the photo messages' placeholders take: `t(PHOTO_TOO_LARGE, PHOTO_VALUES)`. */
export const PHOTO_VALUES = { mb: PHOTO_MAX_MB };

/** Why a chosen file is refused, as catalogue ids (said in the page's language). */
export const PHOTO_NOT_IMAGE = 'photo.notImage' satisfies AccountMessage;
export const PHOTO_TOO_LARGE = 'photo.tooLarge' satisfies AccountMessage;

/** The client-side check of a chosen profile photo: an image of at most 5 MB. Null when fine, else why not (an id). */
export function validatePhoto(file: File): AccountMessage | null {
  if (!(PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_NOT_IMAGE;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_TOO_LARGE;
  return null;
}

/**
 * A temporary object URL showing `file`, revoked as soon as the file changes or the component
 * unmounts (created in an effect, so React's strict-mode remount gets a fresh, live one).
 */
export function usePhotoPreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is an external resource made here (and revoked in the cleanup): render cannot create it
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // a preview of another (already revoked) file is never shown
  return preview !== null && preview.file === file ? preview.url : null;
}
