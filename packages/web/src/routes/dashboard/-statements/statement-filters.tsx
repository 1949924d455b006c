/**
 * The statement's filters: search by name, type, status and a range of days. Each is a labelled control
 * that works from the keyboard; what they choose lives in the page's address (statement-search.ts), so the
 * page hands the values in and takes the changes out.
 */
import Search from 'lucide-react/icons/search';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { statusLabel } from '@/lib/format';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type StatementFilters as Filters,
  type TransactionStatus,
  type TransactionType,
} from './statement-search';

/** How long the search waits after the last key before the rows (and the address) follow. */
export const SEARCH_DELAY_MS = 300;

/** The select's value for "no filter" (Radix Select keeps the empty value for its placeholder). */
const ANY = 'any';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A text the customer edits, kept here while the address (which changes a moment later) follows it. When the
 * address changes in another way (Clear filters, the browser's Back), the field shows the address's value.
 */
function useDraft(value: string) {
  const [state, setState] = useState({ text: value, address: value, sent: value });
  let current = state;
  if (value !== state.address) {
    current = value === state.sent ? { ...state, address: value } : { text: value, address: value, sent: value };
    setState(current);
  }
  const edit = (text: string, sent: string) => {
    setState((previous) => ({ ...previous, text, sent }));
  };
  return [current.text, edit] as const;
}

export function StatementFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  /** A filter changed (`undefined`: no longer set). */
  onChange: (change: Partial<Filters>) => void;
}) {
  const id = useId();
  const [words, setWords] = useDraft(filters.q ?? '');
  const [from, setFrom] = useDraft(filters.from ?? '');
  const [to, setTo] = useDraft(filters.to ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const searchNow = (text: string) => {
    clearTimeout(timer.current);
    onChange({ q: text.trim() || undefined });
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    searchNow(words);
  };

  return (
    <form
      role="search"
      aria-label="Filter transactions"
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor={`${id}-q`}>Search by name</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-q`}
            type="search"
            name="q"
            autoComplete="off"
            placeholder="e.g. Salary"
            className="pl-9"
            value={words}
            onChange={(event) => {
              const text = event.target.value;
              setWords(text, text.trim());
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                searchNow(text);
              }, SEARCH_DELAY_MS);
            }}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <Select
          value={filters.type ?? ANY}
          onValueChange={(value) => {
            onChange({ type: TRANSACTION_TYPES.find((type): type is TransactionType => type === value) });
          }}
        >
          <SelectTrigger id={`${id}-type`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All types</SelectItem>
            {TRANSACTION_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {capitalized(type)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <Select
          value={filters.status ?? ANY}
          onValueChange={(value) => {
            onChange({
              status: TRANSACTION_STATUSES.find((status): status is TransactionStatus => status === value),
            });
          }}
        >
          <SelectTrigger id={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>All statuses</SelectItem>
            {TRANSACTION_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {capitalized(statusLabel(status))}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          name="from"
          value={from}
          max={to || undefined}
          onChange={(event) => {
            const day = event.target.value;
            setFrom(day, day);
            onChange({ from: day || undefined });
          }}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          name="to"
          value={to}
          min={from || undefined}
          onChange={(event) => {
            const day = event.target.value;
            setTo(day, day);
            onChange({ to: day || undefined });
          }}
        />
      </div>
    </form>
  );
}
