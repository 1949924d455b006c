import { KYC_DOCUMENTS, type KycCase } from '@ebank/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { pictureUrl } from '@/api/client';
import { staff, staffReply, staffStateQuery } from '@/api/staff';
import { formatDate } from '@/lib/format';
import { DecisionButtons } from './-components/decision-buttons';
import { Nothing, RefreshButton, SectionHeader, SectionPending } from './-components/section';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'KYC cases';

export const Route = createFileRoute('/admin/kyc')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...staffStateQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: KycPage,
  errorComponent: AdminError,
});

function KycPage() {
  const { data, refetch, isFetching } = useSuspenseQuery(staffStateQuery());
  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Identity checks awaiting review. Approving one opens the customer&apos;s dashboard; declining sends them back to
        the form.
      </SectionHeader>
      <RefreshButton pending={isFetching} onRefresh={refetch} />
      {data.kyc.length === 0 ? (
        <Nothing>No identity checks are waiting.</Nothing>
      ) : (
        <ul className="grid gap-4" aria-label="Identity checks awaiting review">
          {data.kyc.map((kycCase) => (
            <KycCaseCard key={kycCase.userId} kycCase={kycCase} />
          ))}
        </ul>
      )}
    </div>
  );
}

function KycCaseCard({ kycCase }: { kycCase: KycCase }) {
  return (
    <li className="grid gap-4 rounded-xl border bg-card p-4 shadow-card sm:p-5">
      <div className="grid gap-1">
        <h2 className="font-semibold break-words">{kycCase.fullname}</h2>
        <p className="text-sm break-words text-muted-foreground">{kycCase.email}</p>
        <p className="text-sm text-muted-foreground">
          {kycCase.documentType ?? 'Document type not given'}
          {kycCase.country !== null && `, ${kycCase.country}`}
          {kycCase.submittedAt !== null && ` · submitted ${formatDate(kycCase.submittedAt)}`}
        </p>
      </div>
      {kycCase.documents.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`Documents of ${kycCase.fullname}`}>
          {kycCase.documents.map((document, index) => {
            const url = pictureUrl(document);
            const shows = KYC_DOCUMENTS[index]?.shows ?? `Document ${String(index + 1)}`;
            return (
              <li key={document}>
                <figure className="grid gap-1.5">
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
                  >
                    <img
                      src={url}
                      alt={`${shows}, sent by ${kycCase.fullname}`}
                      className="aspect-[4/3] w-full rounded-md border bg-muted object-contain"
                    />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                  <figcaption className="text-xs text-muted-foreground" aria-hidden="true">
                    {shows}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      )}
      <DecisionButtons
        accept={{ decision: 'approve', text: 'Approve', done: 'Approved.' }}
        subject={`${kycCase.fullname} (${kycCase.email})`}
        ask={{
          title: `Decline the identity check of ${kycCase.fullname}?`,
          description: 'The customer is sent back to the KYC form and must submit their documents again.',
        }}
        decide={(decision) => staffReply(staff.decideKyc({ params: { email: kycCase.email, decision } }))}
      />
    </li>
  );
}
