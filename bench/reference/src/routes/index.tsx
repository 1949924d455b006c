import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

function Home() {
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => Promise.resolve('Hello') });
  return <h1 id="ready">{data ?? 'Loading'}</h1>;
}

export const Route = createFileRoute('/')({ component: Home });
