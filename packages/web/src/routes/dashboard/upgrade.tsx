import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Sparkles from 'lucide-react/icons/sparkles';
import { institutionQuery, upgradeFormQuery } from '@/api/queries';
import { PageHeader } from './-components/page';
import { CryptoRequestSection } from './-money/crypto-request-section';
import { useRequestSubmission } from './-money/use-request-submission';

export const Route = createFileRoute('/dashboard/upgrade')({
  loader: ({ context: { queryClient } }) => queryClient.query({ ...upgradeFormQuery, staleTime: 'static' }),
  component: UpgradePage,
});

/** Spec section 6: the plan every account starts on. */
const DEFAULT_PLAN = 'Tier 1';

function UpgradePage() {
  const { data } = useSuspenseQuery(upgradeFormQuery);
  // The current plan is a courtesy: the page does not wait for it (the dashboard's loader asks for it).
  const institution = useQuery(institutionQuery);
  const upgrade = useRequestSubmission('createUpgrade', 'getUpgradeForm');
  const currentPlan = institution.data?.u.current_plan ?? DEFAULT_PLAN;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Upgrade Account"
        description="Choose a plan and pay for it in crypto."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <CryptoRequestSection
        title="Your new plan"
        description={
          <span className="flex items-start gap-2">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>
              Upgrading gives you more features and increased limit. You are on{' '}
              <strong className="font-semibold text-foreground">{currentPlan}</strong>.
            </span>
          </span>
        }
        data={data}
        choice={{
          label: 'Plan',
          placeholder: 'Select ..',
          missing: 'Choose a plan',
          options: data.plans.map((plan) => plan.plan_name),
        }}
        submitLabel="Submit Upgrade"
        listTitle="Upgrade Requests"
        onSubmit={({ choice, type, amount, proof }) =>
          upgrade.mutateAsync({ plan: choice, type, amount, depositPic: proof })
        }
      />
    </div>
  );
}
