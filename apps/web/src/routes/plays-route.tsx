import { PlaysPage } from '@/features/plays';

export default function PlaysRoute() {
  return <PlaysPage />;
}
