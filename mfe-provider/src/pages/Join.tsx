import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from '@utsav/contracts/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, Page, paths, toast, useApi, useApiCache, useChange, useLocale, useSession } from '@utsav/contracts';
import { claimListing, getProviderListings, providerKeys } from '@utsav/contracts/provider';
import { providerResources } from '@utsav/contracts/provider-resources';
import { preloadProvider } from '../features/listing/ProviderGate';
import { useProviderT } from '../i18n';
import { BusyButton } from '@utsav/contracts/busy-button';

function ClaimForm({ uid }: { uid: string }) {
  const t = useProviderT();
  const locale = useLocale();
  const navigate = useNavigate();
  const cache = useApiCache();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  // the claim, then the person's listings as they now are: the gate of the page it leads to decides on them
  const claiming = useChange(async (typed: string) => {
    const claimed = await claimListing(typed);
    cache.set(providerKeys.listings(uid), await getProviderListings());
    return claimed;
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setMissing(true);
    const outcome = await claiming.run(code);
    if (outcome.ok) {
      toast.success(t('join.claimed', { name: outcome.value.name }));
      navigate(paths.provider());
    }
  };
  const refusal = claiming.error === null ? null : errorMessage(claiming.error, undefined, locale);
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('join.formLabel')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label={t('join.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setMissing(false);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        error={missing || refusal !== null}
        helperText={missing ? t('join.codeMissing') : t('join.codeHelp')}
        slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
        fullWidth
      />
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <BusyButton type="submit" variant="contained" busy={claiming.pending}>
        {t('join.submit')}
      </BusyButton>
    </Box>
  );
}

function Join({ uid }: { uid: string }) {
  const t = useProviderT();
  const listings = useApi(providerResources.listings(uid));
  const owned = listings.status === 'success' ? listings.data.listings : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {owned.length > 0 && (
        <Alert severity="success" action={<Button component={RouterLink} to={paths.provider()}>{t('join.open')}</Button>}>
          {t('join.already', { names: owned.map((one) => one.name).join(', ') })}
        </Alert>
      )}
      <Typography>{t('join.intro')}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <li>{t('join.step.listed')}</li>
        <li>{t('join.step.code')}</li>
        <li>{t('join.step.claim')}</li>
      </Box>
      <ClaimForm uid={uid} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('join.oneOwner')}
      </Typography>
    </Box>
  );
}

export const preload = preloadProvider();

/** /provider/join: how to become a provider — claim a listing with the invite code Utsav sent its owner. */
export default function JoinPage() {
  const t = useProviderT();
  const session = useSession();
  return <Page title={t('join.title')}>{session.status === 'signedIn' ? <Join uid={session.uid} /> : null}</Page>;
}
