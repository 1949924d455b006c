import { AdvanceMinutesSchema, type ClockState } from '@ebank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { withoutFieldNames } from './-components/admin-resolver';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { clockQuery, staff, staffKeys, staffReply } from '@/api/staff';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { DAY, offsetText } from './-components/clock-offset';
import { ActionStatus, SectionHeader, SectionPart, SectionPending } from './-components/section';
import { useStaffAction } from './-components/use-staff-action';
import { formatDateTime } from '@/lib/format';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'Clock';

export const Route = createFileRoute('/admin/clock')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...clockQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: ClockPage,
  errorComponent: AdminError,
});

const minutesForm = z.object({
  advanceMinutes: z.pipe(
    z.pipe(z.string().check(z.trim(), z.regex(/^\d+$/u, 'Enter a whole number of minutes')), z.transform(Number)),
    AdvanceMinutesSchema,
  ),
});
const resolver = withoutFieldNames(zodResolver(minutesForm));

type Move = { readonly advanceMinutes: number } | { readonly reset: true };

function ClockPage() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(clockQuery());
  const form = useForm({ resolver, defaultValues: { advanceMinutes: '' } });
  const move = useStaffAction((body: Move) => staffReply(staff.moveClock({ body })), {
    done: (reply: ClockState) => `The bank's time is now ${formatDateTime(reply.now)}.`,
    onSuccess: (reply) => {
      queryClient.setQueryData(staffKeys.clock(), reply);
      // A move that worked leaves no earlier complaint about the minutes behind.
      form.clearErrors();
    },
  });
  const submit = useFormSubmit(form, async ({ advanceMinutes }) => {
    await move.mutateAsync({ advanceMinutes }).catch(() => undefined);
  });

  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Move the bank&apos;s time forward to show a code expiring or a lock ending without waiting. A reset of the bank
        sets it back to the real time too.
      </SectionHeader>
      <SectionPart title="The bank's time" card className="gap-4">
        <p className="text-lg font-semibold tabular-nums">
          <time dateTime={data.now}>{formatDateTime(data.now)}</time>{' '}
          <span className="text-sm font-normal text-muted-foreground">({offsetText(data.offsetMinutes)})</span>
        </p>
        <div role="group" aria-label="Move the clock forward" className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={move.isPending}
            onClick={() => {
              move.mutate({ advanceMinutes: 60 });
            }}
          >
            +1 hour
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={move.isPending}
            onClick={() => {
              move.mutate({ advanceMinutes: DAY });
            }}
          >
            +1 day
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={move.isPending || data.offsetMinutes === 0}
            onClick={() => {
              move.mutate({ reset: true });
            }}
          >
            Back to real time
          </Button>
        </div>
        <Form {...form}>
          <form
            noValidate
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              // A new try: the line of the last move no longer says what the clock is doing.
              move.reset();
              submit.onSubmit(event);
            }}
          >
            <TextField
              control={form.control}
              name="advanceMinutes"
              label="Minutes"
              inputMode="numeric"
              autoComplete="off"
              className="w-40"
            />
            <Button type="submit" variant="outline" pending={submit.pending}>
              Move forward
            </Button>
          </form>
        </Form>
        <ActionStatus {...move.state} />
      </SectionPart>
    </div>
  );
}
