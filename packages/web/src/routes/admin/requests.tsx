import type { PendingRequest } from '@ebank/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ReactNode } from 'react';
import { pictureUrl } from '@/api/client';
import { staff, staffReply, staffStateQuery } from '@/api/staff';
import { textLinkClass } from '@/components/ui/text-link';
import { formatDateTime } from '@/lib/format';
import { DecisionButtons } from './-components/decision-buttons';
import { Nothing, RefreshButton, SectionHeader, SectionPending } from './-components/section';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'Pending requests';

export const Route = createFileRoute('/admin/requests')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...staffStateQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: RequestsPage,
  errorComponent: AdminError,
});

const KIND: Readonly<Record<PendingRequest['kind'], string>> = {
  'crypto-deposit': 'Crypto deposit',
  payment: 'Payment',
  'fixed-deposit': 'Fixed deposit',
  upgrade: 'Upgrade',
  transfer: 'Transfer',
};

function RequestsPage() {
  const { data, refetch, isFetching } = useSuspenseQuery(staffStateQuery());
  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Deposits, payments, fixed deposits, upgrades and transfers waiting for a decision. A confirmed deposit credits
        the customer&apos;s balance; a declined transfer gives its held amount back.
      </SectionHeader>
      <RefreshButton pending={isFetching} onRefresh={refetch} />
      {data.requests.length === 0 ? (
        <Nothing>No requests are waiting.</Nothing>
      ) : (
        <ul className="grid gap-4" aria-label="Pending requests">
          {data.requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function RequestCard({ request }: { request: PendingRequest }) {
  const kind = KIND[request.kind];
  const what = `${kind} of ${request.amountText}${request.email === null ? '' : ` by ${request.email}`}`;
  const proof = pictureUrl(request.proof ?? undefined);
  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4 shadow-card sm:p-5">
      <div className="grid gap-1">
        <h2 className="font-semibold break-words">
          {kind}: {request.amountText}
        </h2>
        <p className="text-sm break-words text-muted-foreground">{request.email ?? 'Unknown customer'}</p>
      </div>
      <dl className="grid gap-1.5 text-sm">
        <Detail term="Type">{request.type}</Detail>
        {request.plan !== null && (
          <Detail term="Plan">
            {request.plan}
            {request.planPriceText !== null && ` (price ${request.planPriceText})`}
          </Detail>
        )}
        {request.purpose !== null && <Detail term="Purpose">{request.purpose}</Detail>}
        {request.payee !== null && <Detail term="Payee">{request.payee}</Detail>}
        <Detail term="Sent">{formatDateTime(request.createdAt)}</Detail>
        {proof !== undefined && (
          <Detail term="Proof">
            <a href={proof} target="_blank" rel="noopener noreferrer" className={textLinkClass}>
              Open the payment proof<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Detail>
        )}
      </dl>
      {request.belowPlanPrice && (
        <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>Below the plan&apos;s price:</strong> {request.amountText} was paid for {request.plan}, which costs{' '}
            {request.planPriceText}. Confirming still moves the customer to {request.plan}.
          </span>
        </p>
      )}
      <DecisionButtons
        accept={{ decision: 'confirm', text: 'Confirm', done: 'Confirmed.' }}
        subject={what}
        ask={{
          title: `Decline this ${kind.toLowerCase()}?`,
          description: `The ${what} is declined${request.kind === 'transfer' ? ' and its held amount given back' : ''}. This cannot be undone.`,
        }}
        decide={(decision) => staffReply(staff.decideRequest({ params: { id: request.id, decision } }))}
      />
    </li>
  );
}
