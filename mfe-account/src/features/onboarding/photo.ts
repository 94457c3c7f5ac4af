import { useEffect, useState } from 'react';

export const PHOTO_MAX_MB = 5;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;

export const PHOTO_NOT_IMAGE = 'Please choose an image file (for example JPEG or PNG).';
export const PHOTO_TOO_LARGE = `The photo is larger than ${PHOTO_MAX_MB} MB. Please choose a smaller image.`;

/** The client-side check of a chosen profile photo: an image of at most 5 MB. Null when fine. */
export function validatePhoto(file: File): string | null {
  if (!file.type.startsWith('image/')) return PHOTO_NOT_IMAGE;
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
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // a preview of another (already revoked) file is never shown
  return preview !== null && preview.file === file ? preview.url : null;
}
