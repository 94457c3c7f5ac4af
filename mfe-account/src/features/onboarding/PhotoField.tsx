import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { PHOTO_VALUES, usePhotoPreview } from '../../components/photo';
import { PhotoPickerButton } from '../../components/PhotoPickerButton';
import { useAccountT, type AccountMessage } from '../../i18n';

interface PhotoFieldProps {
  photo: File | null;
  onPhotoChange: (photo: File | null) => void;
  disabled?: boolean;
}

/** The optional Profile Photo: an image of at most 5 MB, previewed before it is uploaded on submit. */
export function PhotoField({ photo, onPhotoChange, disabled = false }: PhotoFieldProps) {
  const t = useAccountT();
  const [error, setError] = useState<AccountMessage | null>(null);
  const preview = usePhotoPreview(photo);
  const inputRef = useRef<HTMLInputElement>(null);

  function remove() {
    setError(null);
    onPhotoChange(null);
    // the Remove button disappears: keep the keyboard user on the photo field
    inputRef.current?.focus();
  }

  return (
    <FormControl error={error !== null} disabled={disabled} sx={{ gap: 1 }}>
      <FormLabel component="p" id="onboarding-photo-label">
        {t('onboarding.photo.label')}
      </FormLabel>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={t('onboarding.photo.preview')}
          sx={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', border: 1, borderColor: 'divider' }}
        />
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <PhotoPickerButton
          inputRef={inputRef}
          disabled={disabled}
          labelledBy="onboarding-photo-label"
          describedBy="onboarding-photo-help"
          invalid={error !== null}
          // a rejected file leaves the photo chosen before (if any) in place
          onReject={setError}
          onPick={(file) => {
            setError(null);
            onPhotoChange(file);
          }}
        >
          {t(photo ? 'photo.change' : 'onboarding.photo.choose')}
        </PhotoPickerButton>
        {photo && (
          <Button variant="text" size="large" color="error" onClick={remove} disabled={disabled} sx={{ minHeight: 48 }}>
            {t('onboarding.photo.remove')}
          </Button>
        )}
      </Box>
      <FormHelperText id="onboarding-photo-help" sx={{ mx: 0 }}>
        {t(error ?? 'onboarding.photo.help', PHOTO_VALUES)}
      </FormHelperText>
    </FormControl>
  );
}
