import { createFileRoute } from '@tanstack/react-router';
import { NoticePage } from '../-components/notice-page';
import { noticeSearchSchema } from '../-components/notice-search';

export const Route = createFileRoute('/account/info/')({
  validateSearch: noticeSearchSchema,
  component: InfoPage,
});

function InfoPage() {
  const { head, body } = Route.useSearch();
  return <NoticePage head={head} body={body} />;
}
