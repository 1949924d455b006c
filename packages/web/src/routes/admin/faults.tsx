import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useAdminBank } from '@/api/admin-sandbox';
import { faultsQuery, staff, staffKeys, staffReply } from '@/api/staff';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { SelectField } from '@/components/ui/select-field';
import { ConfirmAction } from './-components/confirm-action';
import {
  EMPTY_RULE,
  faultEffect,
  faultResolver,
  fieldOf,
  OPERATIONS,
  type FaultRuleBody,
} from './-components/fault-rule';
import {
  ActionStatus,
  Nothing,
  RefreshButton,
  SectionHeader,
  SectionPart,
  SectionPending,
} from './-components/section';
import { useStaffAction } from './-components/use-staff-action';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'Faults';

export const Route = createFileRoute('/admin/faults')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...faultsQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: FaultsPage,
  errorComponent: AdminError,
});

function FaultsPage() {
  const queryClient = useQueryClient();
  const { sandbox } = useAdminBank();
  const { data, refetch, isFetching } = useSuspenseQuery(faultsQuery());
  const rulesChanged = () => queryClient.invalidateQueries({ queryKey: staffKeys.faults() });
  const remove = useStaffAction((id: string) => staffReply(staff.removeFault({ params: { id } })), {
    done: (_reply, id) => `Removed ${id}.`,
    onSuccess: rulesChanged,
  });
  const add = useStaffAction((body: FaultRuleBody) => staffReply(staff.addFault({ body })), {
    done: (reply) => `Added a rule for ${reply.operation}.`,
    onSuccess: rulesChanged,
  });
  const form = useForm({ resolver: faultResolver, defaultValues: EMPTY_RULE });
  const submit = useFormSubmit(form, async (body) => {
    await add.mutateAsync(body).then(
      () => {
        form.reset(EMPTY_RULE);
      },
      (error: unknown) => {
        // A refusal about one field is said under that field.
        const about = fieldOf(error instanceof Error ? error : null);
        if (about !== undefined) form.setError(about.field, { message: about.message });
      },
    );
  });
  const bank = sandbox === undefined ? 'the default bank' : `sandbox ${sandbox}`;

  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Make an operation of {bank} fail, drop its calls or answer late, to see how the portal copes. A rule with only a
        delay lets the bank answer; any other fails the call, with status 503 unless it names another.
      </SectionHeader>
      <SectionPart title="Add a rule" card>
        <Form {...form}>
          <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit.onSubmit}>
            <SelectField
              control={form.control}
              name="operation"
              label="Operation"
              placeholder="Choose an operation"
              options={OPERATIONS}
            />
            <TextField
              control={form.control}
              name="status"
              label="Status (optional)"
              inputMode="numeric"
              autoComplete="off"
              description="An HTTP status from 400 to 599; 503 when empty."
            />
            <TextField
              control={form.control}
              name="message"
              label="Message (optional)"
              autoComplete="off"
              description="What the refusal says; the bank's usual words when empty."
            />
            <TextField
              control={form.control}
              name="latencyMs"
              label="Delay in ms (optional)"
              autoComplete="off"
              description="Such as 500, or 200-800 for a random delay between the two; at most 60000."
            />
            <TextField
              control={form.control}
              name="times"
              label="Times (optional)"
              inputMode="numeric"
              autoComplete="off"
              description="How many calls it applies to; every call when empty."
            />
            <TextField
              control={form.control}
              name="rate"
              label="Rate (optional)"
              inputMode="decimal"
              autoComplete="off"
              description="The share of calls it applies to, from 0 to 1; every call when empty."
            />
            <CheckboxField
              control={form.control}
              name="drop"
              label="Drop the call: no reply, as a timeout or a lost connection looks"
              className="sm:col-span-2"
            />
            <Button type="submit" pending={submit.pending} className="justify-self-start">
              Add the rule
            </Button>
          </form>
        </Form>
        <ActionStatus {...add.state} error={fieldOf(add.error) === undefined ? add.error : null} />
      </SectionPart>
      <SectionPart title="Rules">
        <div className="flex flex-wrap items-start gap-2">
          <RefreshButton pending={isFetching} onRefresh={refetch} />
          <ConfirmAction
            variant="destructive"
            title="Clear every fault rule?"
            description={`Every rule of ${bank} is removed; its calls are answered as usual again.`}
            confirm="Clear all"
            run={() => staffReply(staff.clearFaults())}
            done="Every rule was cleared."
            onSuccess={rulesChanged}
          >
            Clear all
          </ConfirmAction>
        </div>
        <ActionStatus {...remove.state} />
        {data.length === 0 ? (
          <Nothing>No rules: every call is answered as usual.</Nothing>
        ) : (
          <ul className="grid gap-3" aria-label="Fault rules">
            {data.map((fault) => (
              <li key={fault.id} className="grid gap-2 rounded-xl border bg-card p-4 shadow-card">
                <h3 className="font-medium break-all">{fault.operation}</h3>
                <p className="text-sm break-words">{faultEffect(fault)}</p>
                <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-muted-foreground">Applies to</dt>
                  <dd>
                    {fault.times === undefined
                      ? 'Every call'
                      : `${String(fault.times)} ${fault.times === 1 ? 'call' : 'calls'}, ${String(fault.remaining ?? 0)} left`}
                  </dd>
                  <dt className="text-muted-foreground">Rate</dt>
                  <dd>
                    {fault.rate === undefined ? 'Every call' : `${String(Math.round(fault.rate * 100))}% of calls`}
                  </dd>
                  <dt className="text-muted-foreground">Fired</dt>
                  <dd>
                    {fault.fired} {fault.fired === 1 ? 'time' : 'times'}
                  </dd>
                </dl>
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  aria-label={`Remove the rule ${fault.id} of ${fault.operation}`}
                  pending={remove.isPending && remove.variables === fault.id}
                  disabled={remove.isPending}
                  onClick={() => {
                    remove.mutate(fault.id);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </SectionPart>
    </div>
  );
}
