import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { PHOTO_ACCEPT, PHOTO_MAX_MB, usePhotoPreview, validatePhoto } from './photo';

interface PhotoFieldProps {
  photo: File | null;
  onPhotoChange: (photo: File | null) => void;
  disabled?: boolean;
}

/** The optional Profile Photo: an image of at most 5 MB, previewed before it is uploaded on submit. */
export function PhotoField({ photo, onPhotoChange, disabled = false }: PhotoFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const preview = usePhotoPreview(photo);
  const inputRef = useRef<HTMLInputElement>(null);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // so choosing the same file again (say after removing it) fires a change too
    event.target.value = '';
    if (!file) return;
    const problem = validatePhoto(file);
    setError(problem);
    // a rejected file leaves the photo chosen before (if any) in place
    if (!problem) onPhotoChange(file);
  }

  function remove() {
    setError(null);
    onPhotoChange(null);
    // the Remove button disappears: keep the keyboard user on the photo field
    inputRef.current?.focus();
  }

  return (
    <FormControl error={error !== null} disabled={disabled} sx={{ gap: 1 }}>
      <FormLabel component="p" id="onboarding-photo-label">
        Profile Photo
      </FormLabel>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt="Profile photo preview"
          sx={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', border: 1, borderColor: 'divider' }}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          component="label"
          // the hidden input inside is what takes focus and keys; the label only looks like a button
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          size="large"
          disabled={disabled}
          startIcon={<PhotoCameraOutlined />}
          sx={{
            minHeight: 48,
            '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {photo ? 'Change photo' : 'Choose photo'}
          <Box
            component="input"
            ref={inputRef}
            type="file"
            accept={PHOTO_ACCEPT}
            name="profilePhoto"
            disabled={disabled}
            onChange={pick}
            aria-labelledby="onboarding-photo-label"
            aria-describedby="onboarding-photo-help"
            aria-invalid={error !== null}
            sx={{
              position: 'absolute',
              width: '1px',
              height: '1px',
              overflow: 'hidden',
              clip: 'rect(0 0 0 0)',
              clipPath: 'inset(50%)',
              whiteSpace: 'nowrap',
              opacity: 0,
            }}
          />
        </Button>
        {photo && (
          <Button variant="text" size="large" color="error" onClick={remove} disabled={disabled} sx={{ minHeight: 48 }}>
            Remove photo
          </Button>
        )}
      </Box>
      <FormHelperText id="onboarding-photo-help" sx={{ mx: 0 }}>
        {error ?? `Optional. An image of up to ${PHOTO_MAX_MB} MB.`}
      </FormHelperText>
    </FormControl>
  );
}
