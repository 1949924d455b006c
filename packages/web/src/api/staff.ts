/**
 * The admin area's client of the bank's staff API: the contract's staff client (ts-rest over
 * `staffContract`), sending the signed-in admin's token, and the query options of its reads. Only the
 * admin area's routes import it, so it loads with them and never on a customer's pages.
 *
 * Keys are `['staff', read, input]`, so a decision invalidates the staff reads together. Every staff call
 * says its failure where it was made (`meta.inline`): no toast.
 */
import { createStaffClient, staffReply, type JournalQuery } from '@ebank/contract';
import { queryOptions } from '@tanstack/react-query';
import { session } from '@/session/session';
import { API_BASE } from './client';
import '@/forms/zod-config';

export const staff = createStaffClient({ baseUrl: API_BASE, token: session.adminToken });

export const staffKeys = {
  all: ['staff'] as const,
  state: ['staff', 'state'] as const,
  journals: ['staff', 'journal'] as const,
  journal: (filter: JournalQuery) => ['staff', 'journal', filter] as const,
  clock: ['staff', 'clock'] as const,
  snapshots: ['staff', 'snapshots'] as const,
};

const INLINE = { inline: true } as const;

/** Customers, identity checks awaiting review, pending requests. */
export const staffStateQuery = queryOptions({
  queryKey: staffKeys.state,
  queryFn: ({ signal }) => staffReply(staff.getState({ fetchOptions: { signal } })),
  staleTime: 0,
  meta: INLINE,
});

/** The API calls answered, newest first, that pass the filters. */
export const journalQuery = (filter: JournalQuery) =>
  queryOptions({
    queryKey: staffKeys.journal(filter),
    queryFn: ({ signal }) => staffReply(staff.getJournal({ query: filter, fetchOptions: { signal } })),
    staleTime: 0,
    meta: INLINE,
  });

export const clockQuery = queryOptions({
  queryKey: staffKeys.clock,
  queryFn: ({ signal }) => staffReply(staff.getClock({ fetchOptions: { signal } })),
  staleTime: 0,
  meta: INLINE,
});

export const snapshotsQuery = queryOptions({
  queryKey: staffKeys.snapshots,
  queryFn: ({ signal }) => staffReply(staff.listSnapshots({ fetchOptions: { signal } })),
  staleTime: 0,
  meta: INLINE,
});

export { staffReply };
export const STAFF_META = INLINE;
