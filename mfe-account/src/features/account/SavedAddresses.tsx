import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  addAddress,
  addressSavedMessage,
  deleteAddress,
  errorMessage,
  formatAddress,
  SavedAddressesPending,
  saveAddressFailed,
  toast,
  updateAddress,
  useApi,
  useLocale,
  useChange,
} from '@utsav/contracts';
import { userResources } from '@utsav/contracts/resources';
import { AddressForm, addressFormValues } from '@utsav/contracts/address-form';
import { ADDRESS_MAX_PER_CONSUMER, type Address, type AddressFields, type AddressLabel } from '@utsav/contracts/schemas';
import { useAccountT, type AccountMessage } from '../../i18n';

/** Each address label's name in the catalogue (the value kept stays the English label). */
const LABEL_NAMES: Record<AddressLabel, AccountMessage> = { Home: 'addresses.label.Home', Work: 'addresses.label.Work', Other: 'addresses.label.Other' };

function DeleteDialog({ address, onClose, onDeleted, uid }: { address: Address | null; onClose: () => void; onDeleted: (id: string) => void; uid: string }) {
  const t = useAccountT();
  const locale = useLocale();
  const change = useChange((addressId: string) => deleteAddress(uid, addressId));
  const deleting = change.pending;
  async function confirm() {
    if (!address) return;
    const outcome = await change.run(address.addressId);
    if (outcome.ok) {
      onDeleted(address.addressId);
      toast.success(t('addresses.deleted'));
    } else if ('error' in outcome) {
      toast.error(t('addresses.deleteFailed', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  }
  return (
    <Dialog open={address !== null} onClose={deleting ? undefined : onClose} aria-labelledby="delete-address-title" aria-describedby="delete-address-what" fullWidth maxWidth="xs">
      <DialogTitle id="delete-address-title">{t('addresses.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-address-what" sx={{ overflowWrap: 'anywhere' }}>
          {address && t('addresses.deleteWhat', { label: t(LABEL_NAMES[address.label]), address: formatAddress(address) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        <Button onClick={onClose} disabled={deleting} sx={{ minHeight: 48 }}>
          {t('addresses.keep')}
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" loading={deleting} sx={{ minHeight: 48 }}>
          {t('addresses.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AddressItem({ address, onEdit, onDelete }: { address: Address; onEdit: () => void; onDelete: () => void }) {
  const t = useAccountT();
  const textId = useId();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box id={textId}>
        <Typography sx={{ fontWeight: 600 }}>{t(LABEL_NAMES[address.label])}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {formatAddress(address)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1 }}>
        <Button variant="outlined" onClick={onEdit} aria-describedby={textId} sx={{ minHeight: 48 }}>
          {t('addresses.edit')}
        </Button>
        <Button variant="outlined" color="error" onClick={onDelete} aria-describedby={textId} sx={{ minHeight: 48 }}>
          {t('addresses.delete')}
        </Button>
      </Box>
    </Paper>
  );
}

/** My Account's saved addresses (where services happen): listed newest first, added, edited and deleted here. */
export function SavedAddresses({ uid }: { uid: string }) {
  const t = useAccountT();
  const locale = useLocale();
  const load = useApi(userResources.addresses(uid));
  const addresses = load.status === 'success' ? load.data : null;
  // 'new', an address id being edited, or null
  const [editing, setEditing] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Address | null>(null);

  async function add(address: AddressFields) {
    try {
      const saved = await addAddress(uid, address);
      load.update((current) => [saved, ...current]);
    } catch (failure) {
      toast.error(saveAddressFailed(failure, locale));
      throw failure;
    }
    setEditing(null);
    toast.success(addressSavedMessage(locale));
  }

  async function update(addressId: string, address: AddressFields) {
    try {
      const saved = await updateAddress(uid, addressId, address);
      load.update((current) => current.map((entry) => (entry.addressId === addressId ? saved : entry)));
    } catch (failure) {
      toast.error(saveAddressFailed(failure, locale));
      throw failure;
    }
    setEditing(null);
    toast.success(addressSavedMessage(locale));
  }

  let body;
  if (addresses === null) {
    body = <SavedAddressesPending load={load} height={96} />;
  } else {
    const full = addresses.length >= ADDRESS_MAX_PER_CONSUMER;
    body = (
      <>
        {addresses.length === 0 && editing !== 'new' && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('addresses.empty')}
          </Typography>
        )}
        {addresses.length > 0 && (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {addresses.map((address) =>
              editing === address.addressId ? (
                <Paper key={address.addressId} component="li" variant="outlined" sx={{ p: 2 }}>
                  <AddressForm
                    title={t('addresses.editTitle', { label: t(LABEL_NAMES[address.label]) })}
                    initial={addressFormValues(address)}
                    submitLabel={t('addresses.saveChanges')}
                    onSubmit={(fields) => update(address.addressId, fields)}
                    onCancel={() => setEditing(null)}
                  />
                </Paper>
              ) : (
                <AddressItem key={address.addressId} address={address} onEdit={() => setEditing(address.addressId)} onDelete={() => setToDelete(address)} />
              ),
            )}
          </Box>
        )}
        {editing === 'new' ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <AddressForm title={t('addresses.newTitle')} submitLabel={t('addresses.saveAddress')} onSubmit={add} onCancel={() => setEditing(null)} />
          </Paper>
        ) : full ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('addresses.full', { max: ADDRESS_MAX_PER_CONSUMER })}
          </Typography>
        ) : (
          <Button variant="outlined" onClick={() => setEditing('new')} sx={{ minHeight: 48, alignSelf: 'flex-start' }}>
            {t('addresses.add')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby="account-addresses-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id="account-addresses-heading" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {t('addresses.title')}
      </Typography>
      {body}
      <DeleteDialog
        uid={uid}
        address={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(id) => {
          load.update((current) => current.filter((entry) => entry.addressId !== id));
          setToDelete(null);
        }}
      />
    </Box>
  );
}
