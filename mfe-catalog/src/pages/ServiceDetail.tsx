import { PagePlaceholder } from '@utsav/contracts';

export default function ServiceDetailPage() {
  return <PagePlaceholder remote="catalog" module="./ServiceDetail" />;
}
