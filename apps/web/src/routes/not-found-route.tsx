import { NotFoundPage } from '@/shared/ui/not-found-page';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
