import { NotFoundPage } from '@/common/ui/not-found-page';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
