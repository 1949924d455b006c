import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';
import { titled } from '@/lib/page-title';

/** The login's account message; it arrives in the history state, never in the address. */
export const Route = createFileRoute('/account/info/notice')({
  head: titled('A message from the bank'),
  component: NoticePage,
});
