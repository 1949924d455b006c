import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { staff, staffKeys, staffReply } from '@/api/staff';
import { ConfirmAction } from './-components/confirm-action';
import { SectionHeader } from './-components/section';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/admin/reset')({
  head: titled('Reset', 'Admin area'),
  component: ResetPage,
  errorComponent: AdminError,
});

function ResetPage() {
  const queryClient = useQueryClient();
  return (
    <div className="grid gap-6">
      <SectionHeader title="Reset">
        Back to the seeded bank: the demo customers with their balances, cases and requests, and the clock on the real
        time. The request journal and the snapshots stay.
      </SectionHeader>
      <ConfirmAction
        variant="destructive"
        title="Reset the bank?"
        description="Everything done since the bank was seeded is lost (save a snapshot first to keep it)."
        confirm="Reset the bank"
        run={() => staffReply(staff.resetBank())}
        done="The bank is back to its seeded state."
        onSuccess={() => queryClient.invalidateQueries({ queryKey: staffKeys.all })}
      >
        Reset the bank
      </ConfirmAction>
    </div>
  );
}
