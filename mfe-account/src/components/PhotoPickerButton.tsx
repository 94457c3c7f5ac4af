import type { ChangeEvent, ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { PHOTO_ACCEPT, validatePhoto } from './photo';
import type { AccountMessage } from '../i18n';

interface PhotoPickerButtonProps {
  children: ReactNode;
  /** a file that passed the checks (an image the server takes, at most 5 MB) */
  onPick: (file: File) => void;
  /** the chosen file failed the checks: the message (a catalogue id, with PHOTO_VALUES) says why */
  onReject: (message: AccountMessage) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** without it, the input is named by the button's text */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  name?: string;
}

/**
 * A button that opens the file picker for a profile photo and checks the file chosen (spec §5
 * onboarding photo; My Account's 'Change photo'). The real <input type="file"> sits inside,
 * visually hidden, so keyboard and screen-reader users reach it like any input.
 */
export function PhotoPickerButton({
  children,
  onPick,
  onReject,
  disabled = false,
  inputRef,
  labelledBy,
  describedBy,
  invalid = false,
  name = 'profilePhoto',
}: PhotoPickerButtonProps) {
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // so choosing the same file again (say after removing it) fires a change too
    event.target.value = '';
    if (!file) return;
    const problem = validatePhoto(file);
    if (problem) onReject(problem);
    else onPick(file);
  }

  return (
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
      {children}
      <Box
        component="input"
        ref={inputRef}
        type="file"
        accept={PHOTO_ACCEPT}
        name={name}
        disabled={disabled}
        onChange={pick}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid}
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
  );
}
