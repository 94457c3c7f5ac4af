import { PagePlaceholder } from '@utsav/contracts';

export default function SearchPage() {
  return <PagePlaceholder remote="catalog" module="./Search" />;
}
