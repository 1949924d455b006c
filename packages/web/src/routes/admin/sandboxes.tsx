import { SandboxNameSchema, type SandboxList, type SandboxSummary } from '@ebank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { withoutFieldNames } from './-components/admin-resolver';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { adminSandbox, useAdminBank } from '@/api/admin-sandbox';
import { API_BASE } from '@/api/client';
import { sandboxesQuery, serverStaff, staffKeys, staffReply } from '@/api/staff';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { SelectField } from '@/components/ui/select-field';
import { blankAsAbsent } from '@/forms/form-rules';
import { formatDateTime } from '@/lib/format';
import { sandboxOfThisBrowser } from '@/lib/sandbox-cookie';
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

const TITLE = 'Sandboxes';

export const Route = createFileRoute('/admin/sandboxes')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...sandboxesQuery, staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: SandboxesPage,
  errorComponent: AdminError,
});

/** The select's value for "from the seed" (a snapshot's name has no parentheses). */
const SEED = '(seed)';

const createForm = z.object({
  name: blankAsAbsent(z.optional(SandboxNameSchema)),
  from: z.pipe(
    z.string(),
    z.transform((from: string) => (from === SEED ? undefined : from)),
  ),
});
const resolver = withoutFieldNames(zodResolver(createForm));

/** The address that puts a browser into a sandbox and opens the portal there. */
const openLink = (name: string) =>
  new URL(`__mock/sandboxes/${encodeURIComponent(name)}/open`, new URL(API_BASE, window.location.origin)).href;

/** A size in kilobytes, one decimal. */
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function SandboxesPage() {
  const { data } = useSuspenseQuery(sandboxesQuery);
  return data === null ? <NoSandboxesHere /> : <SandboxesOfServer list={data} />;
}

/** The in-browser demo: its bank lives in the page, so there is no server to hold sandboxes. */
function NoSandboxesHere() {
  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE} />
      <div className="grid max-w-prose gap-2 rounded-xl border bg-card p-4 text-sm shadow-card sm:p-5">
        <p className="font-medium">Sandboxes belong to the mock server.</p>
        <p className="text-muted-foreground">
          There, each sandbox is a whole bank of its own beside the default one, for one visitor or one test. Here the
          bank already lives in this browser: nobody else reaches it, so there is nothing to make or remove. Reset and
          Snapshots act on it.
        </p>
      </div>
    </div>
  );
}

function SandboxesOfServer({ list }: { list: SandboxList }) {
  const queryClient = useQueryClient();
  const { refetch, isFetching } = useSuspenseQuery(sandboxesQuery);
  const { sandbox: chosen } = useAdminBank();
  const ours = sandboxOfThisBrowser();
  const listChanged = () => queryClient.invalidateQueries({ queryKey: staffKeys.sandboxes });

  const create = useStaffAction(
    (body: z.output<typeof createForm>) => staffReply(serverStaff.createSandbox({ body })),
    {
      done: (reply) =>
        `Made sandbox ${reply.name}. Nobody has used it yet: it goes at ${formatDateTime(reply.expiresAt)} unless it is used.`,
      onSuccess: listChanged,
    },
  );
  const remove = useStaffAction(
    async (name: string) => {
      const wasActedOn = name === adminSandbox.get();
      return { ...(await staffReply(serverStaff.deleteSandbox({ params: { name } }))), wasActedOn };
    },
    {
      done: (reply) => `Deleted ${reply.name}.`,
      onSuccess: (reply) => {
        // The admin area may not act on it any more (the next call would make it again from the seed): staff
        // asked for this, so it goes back to the default bank saying so plainly, not as a sandbox lost.
        if (reply.wasActedOn) adminSandbox.deletedOne(reply.name);
        // Nor may this browser stay in it by its cookie (its link was opened here), for the same reason.
        if (reply.name === sandboxOfThisBrowser())
          adminSandbox.leaveBrowserSandbox(chosen === undefined || reply.wasActedOn ? reply.name : undefined);
        return listChanged();
      },
    },
  );

  const form = useForm({ resolver, defaultValues: { name: '', from: SEED } });
  const submit = useFormSubmit(form, async (body) => {
    await create.mutateAsync(body).then(
      () => {
        form.reset();
      },
      () => undefined,
    );
  });
  // Short labels: a closed list is as wide as its label, and a phone's screen is 320 px (a snapshot's name,
  // up to 64 characters without spaces, is cut).
  const starts = [
    { value: SEED, label: 'The seed' },
    // The default bank's snapshots, as the server lists them beside the sandboxes: the ones `from` takes, also
    // when this browser's cookie keeps it in a sandbox of its own (whose snapshots /__mock/snapshots would read).
    ...list.startFrom.map((name) => ({ value: name, label: `Snapshot ${shortName(name)}` })),
  ];

  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Whole banks of their own beside the default one, for one visitor or one test, chosen by the X-Mock-Sandbox
        header or by a link that keeps a browser in one. &quot;Act on this one&quot; points this admin area at a
        sandbox.
      </SectionHeader>
      <SectionPart title="Limits of this server" card className="gap-2">
        <ul className="grid gap-1 text-sm text-muted-foreground">
          <li>
            At most {list.max} sandboxes at once; {list.sandboxes.length} now.
          </li>
          <li>A sandbox nobody uses for {list.idleMinutes} minutes is removed.</li>
          <li>
            {list.perVisitor
              ? 'Per-visitor mode is on: every browser that opens the portal gets a sandbox of its own.'
              : 'Per-visitor mode is off: a browser enters a sandbox only through its link.'}
          </li>
        </ul>
      </SectionPart>
      <SectionPart title="Make a sandbox" card>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,16rem)_auto] sm:items-start"
            onSubmit={submit.onSubmit}
          >
            <TextField
              control={form.control}
              name="name"
              label="Name (optional)"
              autoComplete="off"
              description="Lowercase letters, digits and dashes; one is made up when empty."
            />
            <SelectField
              control={form.control}
              name="from"
              label="Start from"
              options={starts}
              description="The seed's demo customers, or a snapshot of the default bank."
            />
            <Button type="submit" pending={submit.pending} className="sm:mt-7">
              Make a sandbox
            </Button>
          </form>
        </Form>
        <ActionStatus {...create.state} />
      </SectionPart>
      <SectionPart title="Sandboxes, most recently used first">
        <RefreshButton pending={isFetching} onRefresh={refetch} />
        <ActionStatus {...remove.state} />
        {list.sandboxes.length === 0 ? (
          <Nothing>No sandboxes yet.</Nothing>
        ) : (
          <ul className="grid gap-3" aria-label="Sandboxes">
            {list.sandboxes.map((sandbox) => (
              <SandboxItem
                key={sandbox.name}
                sandbox={sandbox}
                chosen={sandbox.name === chosen}
                ours={sandbox.name === ours}
                busy={remove.isPending}
                onDelete={() => {
                  remove.mutate(sandbox.name, {
                    onError: () => {
                      void listChanged();
                    },
                  });
                }}
              />
            ))}
          </ul>
        )}
      </SectionPart>
    </div>
  );
}

/** A name cut to 20 characters, for a closed list on a phone. */
const shortName = (name: string) => (name.length > 20 ? `${name.slice(0, 19)}…` : name);

function SandboxItem({
  sandbox,
  chosen,
  ours,
  busy,
  onDelete,
}: {
  sandbox: SandboxSummary;
  chosen: boolean;
  /** This browser is in it. */
  ours: boolean;
  busy: boolean;
  onDelete: () => void;
}) {
  const { name, lastCall } = sandbox;
  const link = openLink(name);
  return (
    <li className="grid gap-3 rounded-xl border bg-card p-4 shadow-card">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium break-all">{name}</h3>
        {sandbox.perVisitor && (
          <span className="rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
            Per visitor
          </span>
        )}
        {ours && (
          <span className="rounded-full border px-2.5 py-0.5 text-xs font-semibold text-foreground">This browser</span>
        )}
        {chosen && (
          <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
            The admin area acts on it
          </span>
        )}
      </div>
      {lastCall && (
        <p className="text-sm break-words text-muted-foreground">
          Last: {lastCall.operation ?? 'a call naming no operation'}
          {lastCall.email !== undefined && ` by ${lastCall.email}`},{' '}
          <time dateTime={lastCall.at}>{formatDateTime(lastCall.at)}</time>
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <time dateTime={sandbox.createdAt}>{formatDateTime(sandbox.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Last used</dt>
        <dd>
          <time dateTime={sandbox.lastUsedAt}>{formatDateTime(sandbox.lastUsedAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Goes at, unless used</dt>
        <dd>
          <time dateTime={sandbox.expiresAt}>{formatDateTime(sandbox.expiresAt)}</time>
        </dd>
        <dt className="text-muted-foreground">Customers</dt>
        <dd>{sandbox.customers}</dd>
        <dt className="text-muted-foreground">Size</dt>
        <dd>{kilobytes(sandbox.sizeBytes)}</dd>
        <dt className="text-muted-foreground">Link</dt>
        <dd className="break-all">
          <code className="text-xs">{link}</code>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {!chosen && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Act on this one: ${name}`}
            onClick={() => {
              adminSandbox.choose(name);
            }}
          >
            Act on this one
          </Button>
        )}
        <CopyButton value={link} aria-label={`Copy link to ${name}`}>
          Copy link
        </CopyButton>
        <ConfirmButton
          variant="destructive"
          label={`Delete ${name}`}
          title={`Delete sandbox ${name}?`}
          description="Its bank, request journal, snapshots and fault rules are removed for good. A browser that still holds its link or cookie gets a new one from the seed at its next visit."
          confirm="Delete"
          disabled={busy}
          onConfirm={onDelete}
        >
          Delete
        </ConfirmButton>
      </div>
    </li>
  );
}
