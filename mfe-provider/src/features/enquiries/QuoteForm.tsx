import { useId, useMemo } from 'react';
import { useFieldArray, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { errorMessage, formatINR, parseRupees, toast, useChange, useLocale } from '@utsav/contracts';
import { todayInIndia } from '@utsav/contracts/booking-request';
import { FormTextField } from '@utsav/contracts/form';
import { sendQuote, showProviderEnquiryChange } from '@utsav/contracts/provider';
import { addDays } from '@utsav/contracts/slot-rules';
import {
  QUOTE_LINE_ITEMS_MAX,
  QUOTE_LINE_LABEL_MAX_LENGTH,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTE_TOTAL_MAX,
  QUOTE_VALID_DAYS_MAX,
  quoteInputSchema,
  type ProviderEnquiry,
  type QuoteFields,
} from '@utsav/contracts/schemas';
import { useProviderT } from '../../i18n';
import { BusyButton } from '@utsav/contracts/busy-button';

/** What the form holds, as the inputs give it: each amount is the rupees typed. */
interface QuoteFormValues {
  lineItems: { label: string; amount: string }[];
  validUntil: string;
  note: string;
}

/** What the API's schema checks: the same, each amount in integer paise (NaN: not an amount of rupees). */
type QuoteSchemaValues = Omit<QuoteFormValues, 'lineItems'> & { lineItems: { label: string; amount: number }[] };

/** A new quote is valid for this many days unless the provider picks another day. */
const DEFAULT_VALID_DAYS = 14;

const emptyLine = () => ({ label: '', amount: '' });
const blankQuote = (today: string): QuoteFormValues => ({ lineItems: [emptyLine()], validUntil: addDays(today, DEFAULT_VALID_DAYS), note: '' });

type LineErrors = { root?: FieldError; message?: string } & Record<number, { amount?: FieldError } | undefined>;

/**
 * The quote: line items (label and rupees, 1–20), valid until (today to 90 days ahead, India) and a note. The API's
 * own schema (quoteInputSchema) checks it and gives its messages; the rupees typed go to it as exact integer paise
 * (parseRupees). The amounts' messages speak rupees, as typed. No total is added up here: the server computes the
 * total and the advance, and the enquiry shows them once sent. A refusal (400, 409) shows in the form, which keeps
 * everything typed.
 */
export function QuoteForm({ enquiry }: { enquiry: ProviderEnquiry }) {
  const t = useProviderT();
  const locale = useLocale();
  const today = todayInIndia();
  const schemaResolver = useMemo(() => zodResolver(quoteInputSchema) as unknown as Resolver<QuoteSchemaValues, unknown, QuoteFields>, []);
  const resolver: Resolver<QuoteFormValues, unknown, QuoteFields> = async (values, context, options) => {
    const amounts = values.lineItems.map((line) => parseRupees(line.amount));
    const lineItems = values.lineItems.map((line, index) => ({ label: line.label, amount: amounts[index] ?? Number.NaN }));
    const result = await schemaResolver({ ...values, lineItems }, context, options as never);
    const lines = result.errors.lineItems as LineErrors | undefined;
    if (lines) {
      amounts.forEach((amount, index) => {
        const line = lines[index];
        if (!line?.amount) return;
        line.amount = {
          ...line.amount,
          message: amount === null ? t('quoteForm.amountInvalid') : t('quoteForm.amountRange', { min: formatINR(1), max: formatINR(QUOTE_TOTAL_MAX) }),
        };
      });
      // the lines together: their sum's limit, in rupees (the sum itself is the server's to tell)
      const together = lines.root ?? (lines.message ? (lines as FieldError) : undefined);
      if (together && amounts.every((amount) => amount !== null)) together.message = t('quoteForm.totalMax', { max: formatINR(QUOTE_TOTAL_MAX) });
    }
    return result as never;
  };
  const form = useForm<QuoteFormValues, unknown, QuoteFields>({ defaultValues: blankQuote(today), resolver });
  const lines = useFieldArray({ control: form.control, name: 'lineItems' });
  const sending = useChange(sendQuote);
  const name = enquiry.consumer.firstName;
  const titleId = useId();

  const send = form.handleSubmit(async (fields) => {
    const outcome = await sending.run(enquiry.enquiryId, fields);
    if (!outcome.ok) return;
    const answered = outcome.value;
    showProviderEnquiryChange(answered);
    const sent = answered.quotes.reduce<ProviderEnquiry['quotes'][number] | undefined>((newest, quote) => (!newest || quote.createdAt > newest.createdAt ? quote : newest), undefined);
    toast.success(t('quoteForm.sent', { name, total: sent ? formatINR(sent.total) : '' }));
    form.reset(blankQuote(todayInIndia()));
  });

  const linesError = form.formState.errors.lineItems as LineErrors | undefined;
  const together = linesError?.root?.message ?? linesError?.message;
  const quoted = enquiry.status === 'quoted';
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => void send(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t(quoted ? 'quoteForm.newTitle' : 'quoteForm.title')}
      </Typography>
      {quoted && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1.5 }}>
          {t('quoteForm.replaces')}
        </Typography>
      )}
      {lines.fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={t('quoteForm.line', { number: index + 1 })}
          sx={{
            display: 'grid',
            gap: 1,
            alignItems: 'start',
            // on a phone: the item on its own row, the amount and Remove under it
            gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
          }}
        >
          <FormTextField
            form={form}
            name={`lineItems.${index}.label`}
            label={t('quoteForm.item')}
            slotProps={{ htmlInput: { maxLength: QUOTE_LINE_LABEL_MAX_LENGTH } }}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
          />
          <FormTextField form={form} name={`lineItems.${index}.amount`} label={t('quoteForm.amount')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <IconButton
            aria-label={t('quoteForm.remove', { number: index + 1 })}
            onClick={() => lines.remove(index)}
            disabled={lines.fields.length <= 1}
            sx={{ width: 48, height: 48, mt: 0.5 }}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      {together && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main' }}>
          {together}
        </Typography>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => lines.append(emptyLine())}
          disabled={lines.fields.length >= QUOTE_LINE_ITEMS_MAX}
          sx={{ minHeight: 48 }}
        >
          {t('quoteForm.add')}
        </Button>
        {lines.fields.length >= QUOTE_LINE_ITEMS_MAX && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('quoteForm.linesMax', { max: QUOTE_LINE_ITEMS_MAX })}
          </Typography>
        )}
      </Box>
      <FormTextField
        form={form}
        name="validUntil"
        type="date"
        label={t('quoteForm.validUntil')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: addDays(today, QUOTE_VALID_DAYS_MAX) } }}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1.5 }}>
        {t('quoteForm.validHelp', { days: QUOTE_VALID_DAYS_MAX })}
      </Typography>
      <FormTextField form={form} name="note" label={t('quoteForm.note')} multiline minRows={2} slotProps={{ htmlInput: { maxLength: QUOTE_NOTE_MAX_LENGTH } }} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('quoteForm.totals')}
      </Typography>
      {sending.error !== null && (
        <Alert severity="error" role="alert">
          {t('quoteForm.notSent', { reason: errorMessage(sending.error, undefined, locale) })}
        </Alert>
      )}
      <BusyButton type="submit" variant="contained" busy={sending.pending} sx={{ alignSelf: 'flex-start' }}>
        {t('quoteForm.send')}
      </BusyButton>
    </Box>
  );
}
