import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';
import { titled } from '@/lib/page-title';

/** The same notice as `info/notice` (the portal answers at both addresses). */
export const Route = createFileRoute('/account/info/')({
  head: titled('A message from the bank'),
  component: NoticePage,
});
