import { SnapshotNameSchema } from '@ebank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { withoutFieldNames } from './-components/admin-resolver';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { snapshotsQuery, staff, staffKeys, staffReply } from '@/api/staff';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { formatDateTime } from '@/lib/format';
import { ActionStatus, Nothing, SectionHeader, SectionPart, SectionPending } from './-components/section';
import { useStaffAction } from './-components/use-staff-action';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'Snapshots';

export const Route = createFileRoute('/admin/snapshots')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...snapshotsQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: SnapshotsPage,
  errorComponent: AdminError,
});

const saveForm = z.object({
  name: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter a name')), SnapshotNameSchema),
});
const resolver = withoutFieldNames(zodResolver(saveForm));

type ListAction = { readonly restore: string } | { readonly delete: string };

function SnapshotsPage() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(snapshotsQuery());
  const save = useStaffAction((name: string) => staffReply(staff.saveSnapshot({ body: { name } })), {
    done: (reply) => `Saved as ${reply.name}.`,
    // The sandbox list names the default bank's snapshots too (the starts a sandbox may be made from).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.snapshots() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.sandboxes }),
      ]),
  });
  const act = useStaffAction(
    (action: ListAction) =>
      'restore' in action
        ? staffReply(staff.restoreSnapshot({ params: { name: action.restore } }))
        : staffReply(staff.deleteSnapshot({ params: { name: action.delete } })),
    {
      done: (_reply, action) => ('restore' in action ? `Restored ${action.restore}.` : `Deleted ${action.delete}.`),
      // A restored bank changes everything staff see.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
    },
  );
  const form = useForm({ resolver, defaultValues: { name: '' } });
  // One result line at a time: a save's line goes when the list is acted on, and the other way round.
  const submit = useFormSubmit(form, async ({ name }) => {
    act.reset();
    await save.mutateAsync(name).then(
      () => {
        form.reset();
      },
      () => undefined,
    );
  });

  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Save the bank as it is now under a name, and bring it back later. A snapshot keeps every record but not the
        clock; a reset of the bank keeps the snapshots.
      </SectionHeader>
      <SectionPart title="Save a snapshot" card>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-3 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-start"
            onSubmit={submit.onSubmit}
          >
            <TextField
              control={form.control}
              name="name"
              label="Name"
              autoComplete="off"
              description="Letters, digits, dots, underscores or hyphens; a name saved before is replaced."
            />
            <Button type="submit" pending={submit.pending} className="sm:mt-7">
              Save
            </Button>
          </form>
        </Form>
        <ActionStatus {...save.state} />
      </SectionPart>
      <SectionPart title="Saved snapshots">
        <ActionStatus {...act.state} />
        {data.length === 0 ? (
          <Nothing>No snapshots yet.</Nothing>
        ) : (
          <ul className="grid gap-3" aria-label="Saved snapshots">
            {data.map((snapshot) => (
              <li
                key={snapshot.name}
                className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 shadow-card"
              >
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="font-medium break-all">{snapshot.name}</p>
                  <p className="text-sm text-muted-foreground">
                    Saved <time dateTime={snapshot.savedAt}>{formatDateTime(snapshot.savedAt)}</time>
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <ConfirmButton
                    label={`Restore ${snapshot.name}`}
                    title={`Restore ${snapshot.name}?`}
                    description="The bank goes back to this snapshot: everything done since it was saved is lost."
                    confirm="Restore"
                    disabled={act.isPending}
                    onConfirm={() => {
                      save.reset();
                      act.mutate({ restore: snapshot.name });
                    }}
                  >
                    Restore
                  </ConfirmButton>
                  <ConfirmButton
                    variant="destructive"
                    label={`Delete ${snapshot.name}`}
                    title={`Delete ${snapshot.name}?`}
                    description="The snapshot is removed for good."
                    confirm="Delete"
                    disabled={act.isPending}
                    onConfirm={() => {
                      save.reset();
                      act.mutate({ delete: snapshot.name });
                    }}
                  >
                    Delete
                  </ConfirmButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SectionPart>
    </div>
  );
}
