/**
 * The admin area's client of the bank's staff API: the contract's staff client (ts-rest over
 * `staffContract`), sending the signed-in admin's token, and the query options of its reads. Only the
 * admin area's routes import it, so it loads with them and never on a customer's pages.
 *
 * The admin area acts on one bank at a time (`admin-sandbox.ts`): the mock server's default bank, or a
 * sandbox, named to the server by the `X-Mock-Sandbox` header. Keys are `['staff', 'bank', <sandbox or ''>,
 * read, input]`, so one bank's data never shows under another, and a decision invalidates the staff reads
 * together (`['staff']`). The sandboxes themselves belong to the server, not to a bank: `['staff',
 * 'sandboxes']`. Every staff call says its failure where it was made (`meta.inline`): no toast.
 *
 * The server makes a sandbox afresh from the seed at the first call that names it, so reading a sandbox
 * that has gone (removed, or idle too long) would quietly show a new, empty one. Every read of a sandbox
 * first looks it up in the server's list: when it is not there, the admin area falls back to the default
 * bank and says so (`adminSandbox.lost`), and the read fails with a {@link SandboxGoneError}.
 */
import {
  createStaffClient,
  StaffApiError,
  staffReply,
  type JournalQuery,
  type SandboxList,
  type StaffClient,
} from '@ebank/contract';
import { queryOptions } from '@tanstack/react-query';
import { inSandbox } from '@/lib/sandbox-cookie';
import { session } from '@/session/session';
import { adminSandbox } from './admin-sandbox';
import { API_BASE } from './client';
import '@/forms/zod-config';

/** The default bank, as a bank is named in the query keys (a sandbox by its name). */
export const DEFAULT_BANK = '';

/** The bank the admin area acts on now. */
const chosenBank = () => adminSandbox.get() ?? DEFAULT_BANK;

/** The staff client of the bank the admin area acts on, read at every call: for its actions. */
export const staff = createStaffClient({ baseUrl: API_BASE, token: session.adminToken, sandbox: adminSandbox.get });

const clients = new Map<string, StaffClient>();

/**
 * The staff client of one given bank, for reads: a query's key and the bank it asks then always agree,
 * even if the choice changes while it is under way.
 */
export function staffOf(bank: string): StaffClient {
  let client = clients.get(bank);
  if (client === undefined) {
    client = createStaffClient({
      baseUrl: API_BASE,
      token: session.adminToken,
      ...(bank === DEFAULT_BANK ? {} : { sandbox: () => bank }),
    });
    clients.set(bank, client);
  }
  return client;
}

/** The staff client without a sandbox: for the sandboxes themselves, which belong to the server. */
export const serverStaff = staffOf(DEFAULT_BANK);

/** A read of a sandbox that is no longer on the server. */
export class SandboxGoneError extends Error {
  override readonly name = 'SandboxGoneError';
  constructor(readonly sandbox: string) {
    super(`Sandbox ${sandbox} is gone. The admin area acts on the default bank again.`);
  }
}

/** How long one look at the server's list vouches for a sandbox (a section's reads come together). */
const STILL_THERE_MS = 5_000;
let lastLook: { readonly bank: string; readonly at: number; readonly result: Promise<void> } | undefined;
// A sandbox chosen anew is looked up anew.
adminSandbox.subscribe(() => {
  lastLook = undefined;
});

/** Resolves when the bank may be read: the default bank, or a sandbox the server still holds. */
function stillThere(bank: string): Promise<void> {
  if (bank === DEFAULT_BANK) return Promise.resolve();
  const now = Date.now();
  if (lastLook?.bank === bank && now - lastLook.at < STILL_THERE_MS) return lastLook.result;
  const gone = () => {
    adminSandbox.lost(bank);
    throw new SandboxGoneError(bank);
  };
  const result = staffReply(serverStaff.listSandboxes()).then(
    (list) => {
      if (!list.sandboxes.some((sandbox) => sandbox.name === bank)) gone();
    },
    (error: unknown) => {
      // No sandboxes at all (the in-browser demo) means none can be read; any other failure is the read's to say.
      if (error instanceof StaffApiError && error.status === 404) gone();
    },
  );
  lastLook = { bank, at: now, result };
  return result;
}

/** A read of one bank, once it is known to be there. */
const readOf =
  <T>(bank: string, read: (client: StaffClient, signal: AbortSignal) => Promise<T>) =>
  async ({ signal }: { signal: AbortSignal }): Promise<T> => {
    await stillThere(bank);
    return read(staffOf(bank), signal);
  };

const bankKey = (bank: string) => ['staff', 'bank', bank] as const;

export const staffKeys = {
  all: ['staff'] as const,
  /** Every read of one bank; the chosen one when none is named. */
  bank: (bank = chosenBank()) => bankKey(bank),
  state: (bank = chosenBank()) => [...bankKey(bank), 'state'] as const,
  journals: (bank = chosenBank()) => [...bankKey(bank), 'journal'] as const,
  journal: (filter: JournalQuery, bank = chosenBank()) => [...bankKey(bank), 'journal', filter] as const,
  clock: (bank = chosenBank()) => [...bankKey(bank), 'clock'] as const,
  snapshots: (bank = chosenBank()) => [...bankKey(bank), 'snapshots'] as const,
  faults: (bank = chosenBank()) => [...bankKey(bank), 'faults'] as const,
  sandboxes: ['staff', 'sandboxes'] as const,
};

const INLINE = { inline: true } as const;

/** Customers, identity checks awaiting review, pending requests. */
export const staffStateQuery = (bank = chosenBank()) =>
  queryOptions({
    queryKey: staffKeys.state(bank),
    queryFn: readOf(bank, (client, signal) => staffReply(client.getState({ fetchOptions: { signal } }))),
    staleTime: 0,
    meta: INLINE,
  });

/** The API calls answered, newest first, that pass the filters. */
export const journalQuery = (filter: JournalQuery, bank = chosenBank()) =>
  queryOptions({
    queryKey: staffKeys.journal(filter, bank),
    queryFn: readOf(bank, (client, signal) =>
      staffReply(client.getJournal({ query: filter, fetchOptions: { signal } })),
    ),
    staleTime: 0,
    meta: INLINE,
  });

export const clockQuery = (bank = chosenBank()) =>
  queryOptions({
    queryKey: staffKeys.clock(bank),
    queryFn: readOf(bank, (client, signal) => staffReply(client.getClock({ fetchOptions: { signal } }))),
    staleTime: 0,
    meta: INLINE,
  });

export const snapshotsQuery = (bank = chosenBank()) =>
  queryOptions({
    queryKey: staffKeys.snapshots(bank),
    queryFn: readOf(bank, (client, signal) => staffReply(client.listSnapshots({ fetchOptions: { signal } }))),
    staleTime: 0,
    meta: INLINE,
  });

/** The fault rules of a bank, with how often each fired. */
export const faultsQuery = (bank = chosenBank()) =>
  queryOptions({
    queryKey: staffKeys.faults(bank),
    queryFn: readOf(bank, (client, signal) => staffReply(client.listFaults({ fetchOptions: { signal } }))),
    staleTime: 0,
    meta: INLINE,
  });

/**
 * The sandboxes and the server's limits; null where there are none to have: the in-browser demo, whose
 * bank lives in the page, answers 404.
 */
export const sandboxesQuery = queryOptions({
  queryKey: staffKeys.sandboxes,
  queryFn: async ({ signal }): Promise<SandboxList | null> => {
    try {
      return await staffReply(serverStaff.listSandboxes({ fetchOptions: { signal } }));
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 404) return null;
      throw error;
    }
  },
  staleTime: 0,
  meta: INLINE,
});

/**
 * The sandbox this browser itself is in (by the server's cookie: a visitor's own, or one opened by its
 * link), when the admin area has chosen none: then that is the bank it acts on. Null for the default bank,
 * and wherever the server cannot say (the in-browser demo).
 */
export const ownSandboxQuery = queryOptions({
  queryKey: [...staffKeys.sandboxes, 'own'] as const,
  queryFn: async ({ signal }): Promise<{ readonly name: string; readonly perVisitor: boolean } | null> => {
    // Only a browser holding the server's cookie is in a sandbox of its own: the others need not ask.
    if (!inSandbox()) return null;
    try {
      const { name, perVisitor } = await staffReply(serverStaff.currentSandbox({ fetchOptions: { signal } }));
      return name === null ? null : { name, perVisitor };
    } catch {
      return null;
    }
  },
  staleTime: 60_000,
  meta: INLINE,
});

export { staffReply };
export const STAFF_META = INLINE;
