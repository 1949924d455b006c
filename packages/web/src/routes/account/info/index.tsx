import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';

/** The same notice as `info/notice` (the portal answers at both addresses). */
export const Route = createFileRoute('/account/info/')({
  component: NoticePage,
});
