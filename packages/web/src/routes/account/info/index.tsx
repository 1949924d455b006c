import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';

/** The same notice as `info/notice` (spec section 2 names both). */
export const Route = createFileRoute('/account/info/')({
  component: NoticePage,
});
