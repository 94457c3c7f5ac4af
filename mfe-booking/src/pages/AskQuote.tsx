import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from '@utsav/contracts/router';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage, formatDate, LoadError, Page, paths, prefetch, prefetchForUser, toast, useApi, useChange, useLocale, type PagePreload } from '@utsav/contracts';
import { catalogResources } from '@utsav/contracts/resources';
import { planResources } from '@utsav/contracts/plan-resources';
import { sendEnquiry, showEnquiryChange } from '@utsav/contracts/plans';
import { FormTextField } from '@utsav/contracts/form';
import { ENQUIRY_MESSAGE_MAX_LENGTH, ENQUIRY_SERVICES_MAX, enquiryInputSchema, type EnquiryFields, type Plan, type PlanEvent } from '@utsav/contracts/schemas';
import { eventTitle, inOneLine } from '../features/plans/plan-text';
import { useSignedInUid } from '../shared/use-signed-in-uid';
import { usePlansT } from '../features/plans/i18n';
import { BusyButton } from '@utsav/contracts/busy-button';

/** The services the address names (`serviceIds=a,b`), at most ENQUIRY_SERVICES_MAX, in its order. */
function servicesOf(params: URLSearchParams): string[] {
  const ids = (params.get('serviceIds') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)].slice(0, ENQUIRY_SERVICES_MAX);
}

/** What the form holds: the event chosen ('' before one is) and the message; the services come from the address. */
interface AskFormValues {
  eventId: string;
  message: string;
}

function ServiceName({ serviceId }: { serviceId: string }) {
  const service = useApi(catalogResources.service(serviceId));
  if (service.status !== 'success') return <Skeleton width={200} />;
  return (
    <>
      {service.data.title} <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>· {service.data.provider.name}</Typography>
    </>
  );
}

interface AskFormProps {
  uid: string;
  serviceIds: string[];
  events: { event: PlanEvent; plan: Plan }[];
  initialEvent: string;
}

function AskForm({ uid, serviceIds, events, initialEvent }: AskFormProps) {
  const t = usePlansT();
  const locale = useLocale();
  const navigate = useNavigate();
  const resolver = useMemo(
    () => zodResolver(enquiryInputSchema) as unknown as Resolver<AskFormValues & { serviceIds: string[] }, unknown, EnquiryFields>,
    [],
  );
  const manyPlans = new Set(events.map(({ plan }) => plan.planId)).size > 1;
  const form = useForm<AskFormValues, unknown, EnquiryFields>({
    defaultValues: { eventId: initialEvent, message: t('enquiry.messageDefault') },
    // the services are the address's, checked by the same schema
    resolver: (values, context, options) => resolver({ ...values, serviceIds }, context, options as never),
  });
  const sending = useChange(sendEnquiry);
  const send = form.handleSubmit(async (fields) => {
    const outcome = await sending.run(fields);
    if (outcome.ok) {
      for (const enquiry of outcome.value) showEnquiryChange(uid, enquiry);
      toast.success(t('enquiry.sent', { count: outcome.value.length }));
      void navigate(paths.enquiries({ event: fields.eventId }));
    } else if ('error' in outcome) {
      toast.error(t('enquiry.notSent', { reason: errorMessage(outcome.error, undefined, locale) }));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void send(event)} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FormTextField form={form} name="eventId" select label={t('enquiry.event')} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
        <option value="">{t('enquiry.chooseEvent')}</option>
        {events.map(({ event, plan }) => (
          <option key={event.eventId} value={event.eventId}>
            {inOneLine(eventTitle(event, t), formatDate(event.date, locale), event.city, manyPlans ? plan.title : '')}
          </option>
        ))}
      </FormTextField>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('enquiry.eventHint')}
      </Typography>
      <FormTextField
        form={form}
        name="message"
        label={t('enquiry.message')}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: ENQUIRY_MESSAGE_MAX_LENGTH } }}
      />
      {sending.error !== null && (
        <Alert severity="error" role="alert">
          {errorMessage(sending.error, undefined, locale)}
        </Alert>
      )}
      <BusyButton type="submit" variant="contained" busy={sending.pending} sx={{ alignSelf: 'flex-start' }}>
        {t('enquiry.send', { count: serviceIds.length })}
      </BusyButton>
    </Box>
  );
}

function Ask({ uid, serviceIds, initialEvent }: { uid: string; serviceIds: string[]; initialEvent: string }) {
  const t = usePlansT();
  const plans = useApi(planResources.plans(uid));
  if (plans.status === 'error') return <LoadError message={t('plans.loadError')} onRetry={plans.retry} />;
  if (plans.status !== 'success') return <Skeleton variant="rounded" height={240} role="status" aria-label={t('plans.loading')} />;
  const events = plans.data.flatMap((plan) => plan.events.map((event) => ({ event, plan })));
  if (events.length === 0)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <Typography>{t('enquiry.noEvents')}</Typography>
        <Button component={RouterLink} to={paths.plans()} variant="contained" sx={{ minHeight: 48 }}>
          {t('plans.title')}
        </Button>
      </Box>
    );
  const known = events.some(({ event }) => event.eventId === initialEvent);
  return <AskForm uid={uid} serviceIds={serviceIds} events={events} initialEvent={known ? initialEvent : events.length === 1 ? events[0]!.event.eventId : ''} />;
}

/** Asks for the plans (their events) and the services named as soon as the page is asked for. */
export const preload: PagePreload = ({ search }) => {
  for (const serviceId of servicesOf(search)) prefetch(catalogResources.service(serviceId));
  return prefetchForUser((uid) => [planResources.plans(uid)]);
};

/**
 * /enquiries/new?serviceIds=a,b[&eventId=]: ask 1–5 services for a quote for one of the consumer's events (its date,
 * city and guests go with it) with a message; one enquiry each, to each service's provider.
 */
export default function AskQuotePage() {
  const t = usePlansT();
  const uid = useSignedInUid();
  const [params] = useSearchParams();
  const serviceIds = servicesOf(params);
  return (
    <Page title={t('enquiry.title')} subtitle={t('enquiry.subtitle')}>
      {serviceIds.length === 0 ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <Typography>{t('enquiry.noServices')}</Typography>
          <Button component={RouterLink} to={paths.shortlist()} variant="outlined" sx={{ minHeight: 48 }}>
            {t('compare.back')}
          </Button>
        </Box>
      ) : (
        <>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('enquiry.to', { count: serviceIds.length })}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 2, pl: 3 }}>
            {serviceIds.map((serviceId) => (
              <li key={serviceId}>
                <ServiceName serviceId={serviceId} />
              </li>
            ))}
          </Box>
          {uid ? (
            <Ask uid={uid} serviceIds={serviceIds} initialEvent={params.get('eventId') ?? ''} />
          ) : (
            <Skeleton variant="rounded" height={240} role="status" aria-label={t('plans.loading')} />
          )}
        </>
      )}
    </Page>
  );
}
