export { DeclineEnquiryDialog } from './DeclineEnquiryDialog';
export { EnquiryCard } from './EnquiryCard';
export { useEnquiryFacts } from './enquiry-facts';
export { ENQUIRY_STATUS_LABELS, inboxOrder, isAnswerable, newestFirst } from './enquiry-text';
export { QuoteForm } from './QuoteForm';
export { QuoteView } from './QuoteView';
