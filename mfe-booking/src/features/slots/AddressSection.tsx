import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  ADDRESS_SAVED,
  addAddress,
  formatAddress,
  SavedAddressesPending,
  saveAddressFailed,
  toast,
  useApi,
  useApiCache,
} from '@utsav/contracts';
import { useSignedInUid } from '../../shared/use-signed-in-uid';
import { userResources } from '@utsav/contracts/resources';
import { AddressForm } from '@utsav/contracts/address-form';
import { ADDRESS_MAX_PER_CONSUMER, type Address, type AddressFields } from '@utsav/contracts/schemas';
import { useBookingT } from '../../i18n';

/**
 * The address chosen when the page opens with its saved addresses drawn by the server: the newest one, so the
 * page is drawn (and Book Now takes a tap) with it chosen; null otherwise (AddressSection chooses it once loaded).
 */
export function useFirstAddressId(): string | null {
  const uid = useSignedInUid();
  const cache = useApiCache();
  const saved = uid ? cache.state<Address[]>(userResources.addresses(uid).key) : undefined;
  return saved?.status === 'success' ? (saved.data[0]?.addressId ?? null) : null;
}

interface AddressSectionProps {
  /** the chosen saved address, null until one is chosen */
  selected: string | null;
  onSelect: (addressId: string) => void;
  /** the chosen saved address itself, each time it changes (null until there is one) */
  onChosen?: (address: Address | null) => void;
}

/**
 * "Service address" of the slot page: one of the user's saved addresses (the newest chosen at first), or a
 * new one added here (saved to their account, then chosen). Book Now and Add to Cart wait for it.
 */
export function AddressSection({ selected, onSelect, onChosen }: AddressSectionProps) {
  const t = useBookingT();
  const uid = useSignedInUid();
  const load = useApi(userResources.addresses(uid ?? ''), { enabled: uid !== null });
  const [adding, setAdding] = useState(false);
  const addresses = load.status === 'success' ? load.data : null;
  const newest = addresses?.[0]?.addressId ?? null;

  const chosen = addresses?.find((address) => address.addressId === selected) ?? null;
  useEffect(() => {
    onChosen?.(chosen);
  }, [chosen, onChosen]);

  // the newest saved address is chosen until the user chooses another
  useEffect(() => {
    if (selected === null && newest !== null) onSelect(newest);
  }, [selected, newest, onSelect]);

  async function save(address: AddressFields) {
    if (!uid) return;
    let saved: Address;
    try {
      saved = await addAddress(uid, address);
    } catch (error) {
      toast.error(saveAddressFailed(error));
      throw error;
    }
    load.update((current) => [saved, ...current.filter((a) => a.addressId !== saved.addressId)]);
    setAdding(false);
    onSelect(saved.addressId);
    toast.success(ADDRESS_SAVED);
  }

  let body;
  if (addresses === null) {
    body = <SavedAddressesPending load={load} height={72} />;
  } else {
    const empty = addresses.length === 0;
    const full = addresses.length >= ADDRESS_MAX_PER_CONSUMER;
    body = (
      <>
        {!empty && (
          <RadioGroup aria-labelledby="slot-address-heading" name="service-address" value={selected ?? ''} onChange={(event) => onSelect(event.target.value)}>
            {addresses.map((address) => (
              <FormControlLabel
                key={address.addressId}
                value={address.addressId}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mx: 0, py: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
                label={
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{address.label}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {formatAddress(address)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        )}
        {empty || adding ? (
          <Box sx={{ mt: empty ? 0 : 2 }}>
            {empty && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('address.firstHint')}
              </Typography>
            )}
            <AddressForm title={t('address.newTitle')} submitLabel={t('address.save')} onSubmit={save} onCancel={empty ? undefined : () => setAdding(false)} />
          </Box>
        ) : full ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('address.full', { max: ADDRESS_MAX_PER_CONSUMER })}
          </Typography>
        ) : (
          <Button variant="outlined" onClick={() => setAdding(true)} sx={{ minHeight: 48, mt: 1 }}>
            {t('address.add')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="slot-address-heading">
      <Typography id="slot-address-heading" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('address.heading')}
      </Typography>
      {body}
    </Box>
  );
}
