// Conversations' resources (issue 37, item 4), an entry of their own (`@utsav/contracts/thread-resources`) like the
// plans': only the pages that show a conversation carry their calls (`@utsav/contracts/threads`).
export * as threadResources from './resources/thread';
