import { PagePlaceholder } from '@utsav/contracts';

export default function PackageDetailPage() {
  return <PagePlaceholder remote="catalog" module="./PackageDetail" />;
}
