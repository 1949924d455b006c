import type { AccountMessage, StaffCustomer } from '@ebank/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { staff, staffKeys, staffReply, staffStateQuery } from '@/api/staff';
import { ConfirmButton } from '@/components/confirm-button';
import { ButtonDialog } from '@/components/button-dialog';
import { AccountMessageForm } from './-components/account-message-form';
import { ActionRow, ActionStatus, SectionHeader, SectionPending } from './-components/section';
import { useStaffAction } from './-components/use-staff-action';
import { AdminError } from './-components/admin-error';
import { titled } from '@/lib/page-title';

const TITLE = 'Account messages';

export const Route = createFileRoute('/admin/messages')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...staffStateQuery(), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: MessagesPage,
  errorComponent: AdminError,
});

function MessagesPage() {
  const { data } = useSuspenseQuery(staffStateQuery());
  const customers = data.customers.filter((customer) => customer.role === 'user');
  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        A customer with an account message sees it at login instead of their dashboard, until it is cleared.
      </SectionHeader>
      <ul className="grid gap-4" aria-label="Customers">
        {customers.map((customer) => (
          <CustomerMessage key={customer.id} customer={customer} />
        ))}
      </ul>
    </div>
  );
}

type Change = { readonly set: AccountMessage } | { readonly clear: true };

function CustomerMessage({ customer }: { customer: StaffCustomer }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const params = { email: customer.email };
  const change = useStaffAction(
    (input: Change) =>
      staffReply(
        'set' in input ? staff.setAccountMessage({ params, body: input.set }) : staff.clearAccountMessage({ params }),
      ),
    {
      done: (_reply, input) => ('set' in input ? 'Message set.' : 'Message cleared.'),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.state() }),
    },
  );
  const { notice } = customer;
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-card sm:p-5">
      <div className="grid gap-1">
        <h2 className="font-semibold wrap-anywhere">{customer.fullname}</h2>
        <p className="text-sm break-words text-muted-foreground">{customer.email}</p>
      </div>
      {notice === null ? (
        <p className="text-sm text-muted-foreground">No account message.</p>
      ) : (
        <div className="grid gap-1 rounded-md bg-muted p-3 text-sm">
          <p className="font-medium wrap-anywhere">{notice.head}</p>
          <p className="wrap-anywhere text-muted-foreground">{notice.body}</p>
        </div>
      )}
      <ActionRow state={change.state}>
        <ButtonDialog
          button={notice === null ? 'Set message' : 'Change message'}
          label={`${notice === null ? 'Set message' : 'Change message'} for ${customer.email}`}
          title={`Account message for ${customer.fullname}`}
          description={customer.email}
          open={editing}
          onOpenChange={setEditing}
        >
          <AccountMessageForm
            initial={notice}
            onSubmit={async (message) => {
              await change.mutateAsync({ set: message }).then(
                () => {
                  setEditing(false);
                },
                () => undefined,
              );
            }}
          />
          <ActionStatus pending={false} error={change.error} />
        </ButtonDialog>
        {notice !== null && (
          <ConfirmButton
            label={`Clear the message of ${customer.email}`}
            title={`Clear the account message of ${customer.fullname}?`}
            description="They will see their dashboard at their next login. The message's words are not kept."
            confirm="Clear"
            pending={change.isPending}
            onConfirm={() => {
              change.mutate({ clear: true });
            }}
          >
            Clear
          </ConfirmButton>
        )}
      </ActionRow>
    </li>
  );
}
