import {
  JournalFilterSchema,
  operationNames,
  type JournalEntry,
  type JournalQuery,
  type JournalValue,
} from '@ebank/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useDeferredValue, useId, useState } from 'react';
import { journalQuery, staff, staffKeys, staffReply } from '@/api/staff';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { ConfirmAction } from './-components/confirm-action';
import { Nothing, SectionHeader, SectionPending } from './-components/section';
import { formatDateTime } from '@/lib/format';
import { AdminError } from './-components/admin-error';
import { underField } from './-components/admin-resolver';
import { titled } from '@/lib/page-title';

const TITLE = 'Request journal';

export const Route = createFileRoute('/admin/journal')({
  head: titled(TITLE, 'Admin area'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...journalQuery(NO_FILTER), staleTime: 'static' }),
  pendingComponent: () => <SectionPending title={TITLE} />,
  component: JournalPage,
  errorComponent: AdminError,
});

const NO_FILTER: JournalQuery = {};
/** How often the list is read again while it follows the calls live. */
const LIVE_MS = 2000;

type Filters = Required<{ [K in keyof JournalQuery]: string }>;
const FILTERS: readonly { readonly name: keyof Filters; readonly label: string; readonly hint: string }[] = [
  { name: 'operation', label: 'Operation', hint: 'Its name in the contract, such as login' },
  { name: 'email', label: 'E-mail', hint: 'The customer’s address' },
  { name: 'status', label: 'Status', hint: 'An HTTP status, such as 200' },
];

/** The filters as the bank reads them (empty ones left out), or what is wrong with one of them. */
function readFilters(filters: Filters): { query: JournalQuery } | { field: keyof Filters; message: string } {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const parsed = JournalFilterSchema.safeParse(query);
  if (parsed.success) return { query };
  const [issue] = parsed.error.issues;
  const field = FILTERS.find((f) => f.name === issue?.path[0])?.name ?? 'operation';
  return { field, message: issue === undefined ? 'Check the filters' : underField(field, issue.message) };
}

function JournalPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ operation: '', email: '', status: '' });
  const [live, setLive] = useState(true);
  const [query, setQuery] = useState<JournalQuery>(NO_FILTER);
  const read = readFilters(filters);
  const shown = useDeferredValue(query);
  const { data } = useSuspenseQuery({ ...journalQuery(shown), refetchInterval: live ? LIVE_MS : false });
  const id = useId();
  const liveId = `${id}-live`;

  return (
    <div className="grid gap-6">
      <SectionHeader title={TITLE}>
        Every call to the bank&apos;s API, newest first: secrets are masked, files shown by name, type and size.
      </SectionHeader>
      <form
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-card sm:grid-cols-3 sm:p-5"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        {FILTERS.map(({ name, label, hint }) => {
          const error = 'field' in read && read.field === name ? read.message : undefined;
          const inputId = `${id}-${name}`;
          return (
            <div key={name} className="grid content-start gap-2">
              <Label htmlFor={inputId}>{label}</Label>
              <Input
                id={inputId}
                value={filters[name]}
                list={name === 'operation' ? `${id}-operations` : undefined}
                inputMode={name === 'status' ? 'numeric' : name === 'email' ? 'email' : undefined}
                autoComplete="off"
                aria-invalid={error !== undefined}
                aria-describedby={`${inputId}-hint`}
                onChange={(event) => {
                  const next = { ...filters, [name]: event.target.value };
                  setFilters(next);
                  const nextRead = readFilters(next);
                  if ('query' in nextRead) setQuery(nextRead.query);
                }}
              />
              <p
                id={`${inputId}-hint`}
                className={cn(
                  'text-xs',
                  error === undefined ? 'text-muted-foreground' : 'font-medium text-destructive',
                )}
              >
                {error ?? hint}
              </p>
            </div>
          );
        })}
        <datalist id={`${id}-operations`}>
          {operationNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <div className="flex items-center gap-3 sm:col-span-3">
          <Checkbox
            id={liveId}
            checked={live}
            onChange={(event) => {
              setLive(event.target.checked);
            }}
          />
          <Label htmlFor={liveId} className="font-normal">
            Follow new calls as they come
          </Label>
        </div>
      </form>
      <ConfirmAction
        title="Clear the journal?"
        description="Every call listed is forgotten. This cannot be undone."
        confirm="Clear the journal"
        run={() => staffReply(staff.clearJournal())}
        done="The journal was cleared."
        onSuccess={() => queryClient.invalidateQueries({ queryKey: staffKeys.journals() })}
      >
        Clear the journal
      </ConfirmAction>
      {data.length === 0 ? (
        <Nothing>{Object.keys(shown).length === 0 ? 'No calls yet.' : 'No call matches these filters.'}</Nothing>
      ) : (
        <ol className="grid gap-3" aria-label={TITLE}>
          {data.map((entry, index) => (
            <JournalItem key={`${entry.at}-${String(data.length - index)}`} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

function shown(value: JournalValue): string {
  if (typeof value === 'string') return value;
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((item: string | { name: string; type: string | null; size: number }) =>
      typeof item === 'string' ? item : `${item.name} (${item.type ?? 'not an image'}, ${String(item.size)} bytes)`,
    )
    .join(', ');
}

function JournalItem({ entry }: { entry: JournalEntry }) {
  const fields = Object.entries(entry.fields);
  const failed = entry.status >= 400;
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4 text-sm shadow-card">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold break-all">{entry.selector ?? 'no operation'}</span>
        <span className={cn('font-medium tabular-nums', failed ? 'text-destructive' : 'text-success')}>
          {entry.status}
        </span>
        <span className="text-muted-foreground tabular-nums">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>, {entry.durationMs} ms
        </span>
      </p>
      <p className="break-words text-muted-foreground">
        {entry.operation ?? 'No operation'} · {entry.email ?? 'no customer'} ·{' '}
        {entry.replyValid === null
          ? 'reply not checked'
          : entry.replyValid
            ? 'matches the contract'
            : 'does not match the contract'}
      </p>
      {fields.length > 0 && (
        <ul className="grid gap-0.5 font-mono text-xs" aria-label="Fields sent">
          {fields.map(([name, value]) => (
            <li key={name} className="break-all">
              {name}: {shown(value)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
