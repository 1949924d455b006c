import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Check from 'lucide-react/icons/check';
import Sparkles from 'lucide-react/icons/sparkles';
import { useCallback } from 'react';
import { institutionQuery, upgradeFormQuery } from '@/api/queries';
import { formatAmount } from '@/lib/format';
import type { OperationReply, Operations } from '@ebank/contract';
import { Card } from '@/components/ui/card';
import { PageHeader } from './-components/page';
import { CryptoRequestSection } from './-money/crypto-request-section';
import { useRequestSubmission } from './-money/use-request-submission';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/upgrade')({
  head: titled('Upgrade Account'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...upgradeFormQuery, staleTime: 'static' }),
  component: UpgradePage,
});

type UpgradeForm = OperationReply<Operations['getUpgradeForm']>;

/** The plan every account starts on. */
const DEFAULT_PLAN = 'Tier 1';

function UpgradePage() {
  const { data } = useSuspenseQuery(upgradeFormQuery);
  // The current plan is a courtesy: the page does not wait for it (the dashboard's loader asks for it).
  const institution = useQuery(institutionQuery);
  const upgrade = useRequestSubmission('createUpgrade', 'getUpgradeForm');
  const currentPlan = institution.data?.u.current_plan ?? DEFAULT_PLAN;
  const { plans } = data;
  const priceOf = useCallback((name: string) => plans.find((plan) => plan.plan_name === name)?.price, [plans]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Upgrade Account"
        description="Choose a plan and pay for it in crypto."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <PlanList plans={plans} currency={data.currency} />
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
          options: plans.map((plan) => plan.plan_name),
          amountOf: priceOf,
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

type Plan = UpgradeForm['plans'][number];

/**
 * What each plan costs and gives, as the bank describes it (`price` and `features`, optional: the real
 * host names only the plan). Nothing is shown when no plan has either.
 */
function PlanList({ plans, currency }: { plans: readonly Plan[]; currency: string }) {
  if (!plans.some((plan) => plan.price !== undefined || (plan.features?.length ?? 0) > 0)) return null;
  return (
    <section aria-labelledby="upgrade-plans" className="grid max-w-2xl gap-3">
      <h2 id="upgrade-plans" className="text-lg font-semibold tracking-tight">
        Plans
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.plan_name} aria-labelledby={planId(plan)}>
            <Card className="h-full gap-3 py-5 sm:py-5">
              <div className="grid gap-1 px-5">
                <h3 id={planId(plan)} className="font-semibold">
                  {plan.plan_name}
                </h3>
                {plan.price !== undefined && (
                  <p className="text-xl font-semibold tabular-nums">{formatAmount(plan.price, currency)}</p>
                )}
              </div>
              {plan.features !== undefined && plan.features.length > 0 && (
                <ul className="grid gap-1.5 px-5 text-sm text-muted-foreground">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

const planId = (plan: Plan) => `plan-${plan.plan_name.replaceAll(/\W+/gu, '-')}`;
