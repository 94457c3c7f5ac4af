import { PagePlaceholder } from '@utsav/contracts';

export default function PackageListPage() {
  return <PagePlaceholder remote="catalog" module="./PackageList" />;
}
