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
import { DATE_HINT, formatDate, parseDate, statusLabel } from '@/lib/format';
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

/** What a day field says of a text that is not a day. */
export const NOT_A_DAY = 'Enter a real day as day/month/year, such as 26/11/2026';
/** What the range's fields say when the first day comes after the last. */
export const FROM_AFTER_TO = 'From must be on or before To';

/**
 * A text the customer edits, kept here while the address (which changes a moment later) follows it. When the
 * address changes in another way (Clear filters, the browser's Back), the field shows the address's value
 * (`shown` turns it into the field's text: a day as the portal writes days).
 */
function useDraft(value: string, shown: (value: string) => string = (text) => text) {
  const [state, setState] = useState({ text: shown(value), address: value, sent: value });
  let current = state;
  if (value !== state.address) {
    current = value === state.sent ? { ...state, address: value } : { text: shown(value), address: value, sent: value };
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
      // The day fields say themselves what is wrong with a day (the browser's bubble would not).
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]"
    >
      <div className="grid content-start gap-2 sm:col-span-2 lg:col-span-1">
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
      <div className="grid content-start gap-2">
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
      <div className="grid content-start gap-2">
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
      <RangeEnd id={id} end="from" filters={filters} onChange={onChange} />
      <RangeEnd id={id} end="to" filters={filters} onChange={onChange} />
    </form>
  );
}

/** One end of the day range: the day as typed, what is wrong with it, and the other end's day to keep the order. */
function RangeEnd({
  id,
  end,
  filters,
  onChange,
}: {
  id: string;
  end: 'from' | 'to';
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const day = filters[end];
  const other = end === 'from' ? filters.to : filters.from;
  const [text, setText] = useDraft(day ?? '', formatDate);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <DayField
      id={`${id}-${end}`}
      name={end}
      label={end === 'from' ? 'From' : 'To'}
      text={text}
      problem={problem}
      onText={(typed) => {
        const limit = limitOf(typed, other, end);
        setText(typed, limit === KEEP ? (day ?? '') : (limit ?? ''));
        setProblem(undefined);
        if (limit !== KEEP) onChange(end === 'from' ? { from: limit } : { to: limit });
      }}
      onDone={(typed) => {
        setProblem(rangeProblem(typed, other, end));
      }}
    />
  );
}

/** A typed day that changes nothing (yet): half typed, not a day, or past the other end. */
const KEEP = 'keep';

/** The limit a text typed at one end of the range sets: a day, none (blank), or KEEP the one set. */
function limitOf(text: string, other: string | undefined, end: 'from' | 'to'): string | undefined {
  if (text.trim() === '') return undefined;
  const day = parseDate(text);
  if (day === undefined) return KEEP;
  return other !== undefined && (end === 'from' ? day > other : day < other) ? KEEP : day;
}

/**
 * What is wrong with a day typed into one end of the range, once the customer leaves the field: not a day,
 * or on the wrong side of the other end. Nothing for a blank field (no limit) or a good day.
 */
function rangeProblem(text: string, other: string | undefined, end: 'from' | 'to'): string | undefined {
  if (text.trim() === '') return undefined;
  const day = parseDate(text);
  if (day === undefined) return NOT_A_DAY;
  if (other !== undefined && (end === 'from' ? day > other : day < other)) return FROM_AFTER_TO;
  return undefined;
}

/**
 * One end of the range of days, typed as the portal writes days (26/11/2026): a browser's own date field
 * would show the browser's order (11/26/2026 in some), so this is a text field with the format said under
 * it and checked when the customer leaves it. A day that is not one, or one past the other end, is said
 * and filters nothing; a blank field sets no limit.
 */
function DayField({
  id,
  name,
  label,
  text,
  problem,
  onText,
  onDone,
}: {
  id: string;
  name: string;
  label: string;
  text: string;
  problem: string | undefined;
  onText: (text: string) => void;
  onDone: (text: string) => void;
}) {
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        name={name}
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        pattern="\d{1,2}/\d{1,2}/\d{4}"
        aria-invalid={problem !== undefined}
        aria-describedby={problem === undefined ? hintId : `${problemId} ${hintId}`}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
        }}
        onBlur={(event) => {
          onDone(event.target.value);
        }}
      />
      {problem !== undefined && (
        <p id={problemId} className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {DATE_HINT}
        {/* The list does not follow a day it cannot use: it says so, so that no one reads it as filtered by it. */}
        {problem !== undefined && '. Until then the list keeps the days it had.'}
      </p>
    </div>
  );
}
