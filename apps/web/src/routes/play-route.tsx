import { useParams } from 'react-router';
import { PlayDetailsPage } from '@/features/plays';

export default function PlayRoute() {
  const { playId = '' } = useParams();
  return <PlayDetailsPage playId={playId} />;
}
