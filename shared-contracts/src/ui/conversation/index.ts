// Conversations (issue 37, item 4), `@utsav/contracts/conversation`: the thread and the list of threads, one
// component each for both sides (the couple's pages in the booking remote, the provider's in the provider remote).
export { ThreadView, type ThreadViewProps } from './ThreadView';
export { ThreadList, type ThreadListProps } from './ThreadList';
export { useConversationT } from './i18n';
