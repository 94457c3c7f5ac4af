import { PagePlaceholder } from '@utsav/contracts';

export default function SlotSelectionPage() {
  return <PagePlaceholder remote="booking" module="./SlotSelection" />;
}
