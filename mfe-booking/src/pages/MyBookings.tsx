import { PagePlaceholder } from '@utsav/contracts';

export default function MyBookingsPage() {
  return <PagePlaceholder remote="booking" module="./MyBookings" />;
}
