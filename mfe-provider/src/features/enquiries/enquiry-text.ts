import type { EnquiryStatus, PlanEventKind, ProviderEnquiry, QuoteStatus } from '@utsav/contracts/schemas';
import type { ProviderMessage } from '../../i18n';

/** An enquiry's state in a few words, from its provider's side. */
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, ProviderMessage> = {
  open: 'enquiryStatus.open',
  quoted: 'enquiryStatus.quoted',
  booked: 'enquiryStatus.booked',
  declined: 'enquiryStatus.declined',
  withdrawn: 'enquiryStatus.withdrawn',
  closed: 'enquiryStatus.closed',
};

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, ProviderMessage> = {
  open: 'quoteStatus.open',
  accepted: 'quoteStatus.accepted',
  declined: 'quoteStatus.declined',
  expired: 'quoteStatus.expired',
  superseded: 'quoteStatus.superseded',
  withdrawn: 'quoteStatus.withdrawn',
};

export const EVENT_KIND_LABELS: Record<PlanEventKind, ProviderMessage> = {
  haldi: 'event.kind.haldi',
  mehendi: 'event.kind.mehendi',
  sangeet: 'event.kind.sangeet',
  wedding: 'event.kind.wedding',
  reception: 'event.kind.reception',
  other: 'event.kind.other',
};

/** What the event is called: the name the consumer gave it, else its kind's. */
export const eventTitle = (event: ProviderEnquiry['event'], t: (id: ProviderMessage) => string) => event.name || t(EVENT_KIND_LABELS[event.kind]);

/** The provider can still answer it: with a (new) quote, or a decline. */
export const isAnswerable = (enquiry: Pick<ProviderEnquiry, 'status'>) => enquiry.status === 'open' || enquiry.status === 'quoted';

/** The list's order: those waiting for a quote first, then those quoted, then the rest; the server's order (newest first) within each. */
const RANK: Record<EnquiryStatus, number> = { open: 0, quoted: 1, booked: 2, declined: 2, withdrawn: 2, closed: 2 };
export const inboxOrder = (enquiries: readonly ProviderEnquiry[]): ProviderEnquiry[] =>
  enquiries
    .map((enquiry, index) => ({ enquiry, index }))
    .sort((a, b) => RANK[a.enquiry.status] - RANK[b.enquiry.status] || a.index - b.index)
    .map(({ enquiry }) => enquiry);

/** Its quotes, newest first. */
export const newestFirst = (quotes: ProviderEnquiry['quotes']) => [...quotes].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
