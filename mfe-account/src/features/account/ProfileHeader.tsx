import { useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { errorMessage, initialsOf, refreshProfile, saveConsumerProfile, toast, uploadPhoto, useLocale } from '@utsav/contracts';
import type { ConsumerProfile } from '@utsav/contracts/schemas';
import { PHOTO_VALUES, usePhotoPreview } from '../../components/photo';
import { PhotoPickerButton } from '../../components/PhotoPickerButton';
import { useAccountT, type AccountMessage } from '../../i18n';
import { memberSince, toProfileInput } from './account-values';

interface ProfileHeaderProps {
  uid: string;
  profile: ConsumerProfile;
  onProfileChange: (change: (profile: ConsumerProfile) => ConsumerProfile) => void;
}

const AVATAR_SIZE = 96;

/** What went wrong with the photo: a refused file, or a failed upload (its reason said in the page's language). */
interface PhotoProblem {
  id: AccountMessage;
  failure?: unknown;
}

/**
 * The avatar (the photo, or the name's initials), the name, 'Member since …' and 'Change photo':
 * a chosen image is checked like onboarding's, previewed in the avatar while it uploads, then
 * saved into the profile and the session refreshed so the shell shows it at once.
 */
export function ProfileHeader({ uid, profile, onProfileChange }: ProfileHeaderProps) {
  const t = useAccountT();
  const locale = useLocale();
  const [pending, setPending] = useState<File | null>(null);
  const [error, setError] = useState<PhotoProblem | null>(null);
  const preview = usePhotoPreview(pending);
  // the upload takes a while: save the photo into the profile as it is then, not as it was
  const latest = useRef(profile);
  useEffect(() => {
    latest.current = profile;
  });

  const say = (problem: PhotoProblem) =>
    t(problem.id, { ...PHOTO_VALUES, reason: problem.failure === undefined ? '' : errorMessage(problem.failure, undefined, locale) });

  // said in words next to the button (its description) and as a toast, which is announced
  function reject(problem: PhotoProblem) {
    setError(problem);
    toast.error(say(problem));
  }

  async function change(file: File) {
    setError(null);
    setPending(file);
    try {
      const url = await uploadPhoto(uid, file, file.name);
      const saved = await saveConsumerProfile(uid, { ...toProfileInput(latest.current), profilePhoto: url });
      onProfileChange((current) => ({ ...current, ...saved, profilePhoto: url }));
      toast.success(t('profile.photoUpdated'));
      void refreshProfile().catch(() => undefined);
    } catch (failure) {
      console.error('Changing the profile photo failed', failure);
      reject({ id: 'profile.photoFailed', failure });
    } finally {
      setPending(null);
    }
  }

  const uploading = pending !== null;
  const src = (uploading ? preview : profile.profilePhoto) ?? undefined;
  const since = memberSince(profile.createdAt, locale);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, textAlign: 'center' }}>
      <Box sx={{ position: 'relative', width: AVATAR_SIZE, height: AVATAR_SIZE }}>
        <Avatar
          src={src}
          alt={src ? t(uploading ? 'profile.photoPreviewAlt' : 'profile.photoAlt') : undefined}
          sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE, fontSize: 36, bgcolor: 'primary.main', opacity: uploading ? 0.6 : 1 }}
        >
          {/* the name is written right below: the initials are only a picture of it */}
          <span aria-hidden>{initialsOf(profile.name)}</span>
        </Avatar>
        {uploading && (
          <CircularProgress
            aria-label={t('profile.uploading')}
            size={AVATAR_SIZE + 8}
            thickness={2}
            sx={{ position: 'absolute', top: -4, left: -4 }}
          />
        )}
      </Box>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {profile.name}
      </Typography>
      {since && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
          {t('profile.memberSince', { date: since })}
        </Typography>
      )}
      <PhotoPickerButton
        onPick={(file) => void change(file)}
        onReject={(id) => reject({ id })}
        disabled={uploading}
        describedBy="account-photo-help"
        invalid={error !== null}
      >
        {t('photo.change')}
      </PhotoPickerButton>
      <Typography
        id="account-photo-help"
        variant="caption"
        sx={{ color: error ? 'error.main' : 'text.secondary' }}
      >
        {error ? say(error) : t(uploading ? 'profile.uploadingHelp' : 'profile.photoHelp', PHOTO_VALUES)}
      </Typography>
    </Box>
  );
}
