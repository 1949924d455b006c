import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';

/** The login's account message; it arrives in the history state, never in the address. */
export const Route = createFileRoute('/account/info/notice')({
  component: NoticePage,
});
