import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { staff, staffKeys, staffReply } from '@/api/staff';
import { ConfirmButton } from './-components/confirm-button';
import { ActionStatus, SectionHeader } from './-components/section';
import { useStaffAction } from './-components/use-staff-action';

export const Route = createFileRoute('/admin/reset')({
  component: ResetPage,
});

function ResetPage() {
  const queryClient = useQueryClient();
  const reset = useStaffAction(() => staffReply(staff.resetBank()), {
    done: () => 'The bank is back to its seeded state.',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
  return (
    <div className="grid gap-6">
      <SectionHeader title="Reset">
        Back to the seeded bank: the demo customers with their balances, cases and requests, and the clock on the real
        time. The request journal and the snapshots stay.
      </SectionHeader>
      <div className="flex flex-wrap items-center gap-3">
        <ConfirmButton
          variant="destructive"
          title="Reset the bank?"
          description="Everything done since the bank was seeded is lost (save a snapshot first to keep it)."
          confirm="Reset the bank"
          pending={reset.isPending}
          onConfirm={() => {
            reset.mutate(undefined);
          }}
        >
          Reset the bank
        </ConfirmButton>
        <ActionStatus {...reset.state} />
      </div>
    </div>
  );
}
