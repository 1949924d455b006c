/**
 * The ledger: every movement of money, credit or debit, settled, held or failed. Balances are
 * derived from it, never stored.
 */
import { newestFirst, type BankContext } from './context';
import type { LedgerEntry } from './model';
import { randomId } from './security';

/** An entry to post: the ledger gives it an id, and the current time unless it has one. */
export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'createdAt'> & { createdAt?: number };

export class Ledger {
  private readonly ledger: LedgerEntry[] = [];
  /**
   * The same entries by customer, in the order posted: a balance reads one customer's entries, not the
   * whole ledger (an entry's customer never changes; its status does, and is read from the entry).
   */
  private readonly byUser = new Map<string, LedgerEntry[]>();

  constructor(private readonly context: BankContext) {}

  private add(entry: LedgerEntry) {
    this.ledger.push(entry);
    const own = this.byUser.get(entry.userId);
    if (own) own.push(entry);
    else this.byUser.set(entry.userId, [entry]);
  }

  private of(userId: string): readonly LedgerEntry[] {
    return this.byUser.get(userId) ?? [];
  }

  post(entry: NewLedgerEntry): LedgerEntry {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0)
      throw new Error('A ledger entry needs a positive whole number of cents');
    const posted: LedgerEntry = { createdAt: this.context.now(), ...entry, id: randomId() };
    this.add(posted);
    return posted;
  }

  entriesOf(userId: string): LedgerEntry[] {
    return newestFirst(this.of(userId));
  }

  /** Credits that have settled, minus debits that have settled or are held. */
  balanceCents(userId: string): number {
    let balance = 0;
    for (const e of this.of(userId)) {
      if (e.direction === 'credit' && e.status === 'successful') balance += e.amountCents;
      if (e.direction === 'debit' && e.status !== 'failed') balance -= e.amountCents;
    }
    return balance;
  }

  totals(userId: string) {
    let credit = 0;
    let debit = 0;
    for (const e of this.of(userId)) {
      if (e.status === 'failed') continue;
      if (e.direction === 'credit' && e.status === 'successful') credit += e.amountCents;
      if (e.direction === 'debit') debit += e.amountCents;
    }
    return { creditCents: credit, debitCents: debit };
  }

  /** Settles (or fails) a request's entries that are still in progress. */
  settle(requestId: string, confirm: boolean) {
    for (const entry of this.ledger)
      if (entry.requestId === requestId && entry.status === 'in_progress')
        entry.status = confirm ? 'successful' : 'failed';
  }

  /** Every entry, in the order posted (not a copy). */
  records(): readonly LedgerEntry[] {
    return this.ledger;
  }

  /** Takes in records from records(), which it keeps (the caller hands over a copy). */
  load(records: readonly LedgerEntry[]) {
    for (const record of records) this.add(record);
  }
}
