import { PagePlaceholder } from '@utsav/contracts';

export default function HomePage() {
  return <PagePlaceholder remote="catalog" module="./Home" />;
}
