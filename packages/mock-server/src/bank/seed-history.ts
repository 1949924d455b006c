/**
 * A long account history for the `history@bank.test` persona: about two years of monthly life, some 300
 * ledger entries (salary, rent, bills, card payments, transfers with their service charge, fees, interest,
 * refunds), a few declined card payments and the last days' card payments still pending. It is the same at
 * every seed: the amounts come from a seeded generator and the days from the bank's clock.
 */
import type { NewLedgerEntry } from './ledger';
import type { EntryStatus } from './model';

const DAY = 86_400_000;
const MONTHS = 24;
/** Card payments newer than this are still held (in progress). */
const PENDING_DAYS = 7;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Shops, named as a card statement names them (one with a comma and quotes, one that starts with `@`). */
const MERCHANTS = [
  'Northwind Grocers',
  'Metro Transit',
  'Streamly Subscription',
  'Bookworm & Co.',
  "O'Brien's Pub",
  'Café "Le Coin", Paris',
  'Fuel Stop 24',
  'Pharmacy Plus',
  'Corner Bakery',
  '@home Furnishings',
] as const;

const PAYEES = ['Sam Lee', 'Jane Cooper', 'Alex Morgan'] as const;

/** An entry of the history, for `bank.postLedgerEntry` with the persona's user id. */
export type HistoryEntry = Omit<NewLedgerEntry, 'userId'> & { readonly createdAt: number };

/** The history up to `now` (the bank's clock), oldest first. */
export function historyEntries(now: number, seed = 20_240_101): HistoryEntry[] {
  const random = seededRandom(seed);
  /** Whole cents between two amounts. */
  const cents = (min: number, max: number) => Math.round((min + random() * (max - min)) * 100);
  const pick = <T>(list: readonly [T, ...T[]]): T => list[Math.floor(random() * list.length)] ?? list[0];
  const today = new Date(now);
  const entries: HistoryEntry[] = [];
  const add = (
    monthsAgo: number,
    day: number,
    direction: 'credit' | 'debit',
    name: string,
    amountCents: number,
    status: EntryStatus = 'successful',
  ) => {
    const createdAt = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth() - monthsAgo,
      day,
      8 + Math.floor(random() * 12),
      Math.floor(random() * 60),
    );
    if (createdAt > now) return;
    entries.push({ direction, name, amountCents, status, createdAt });
  };

  entries.push({
    direction: 'credit',
    name: 'Opening deposit',
    amountCents: 250_000,
    status: 'successful',
    createdAt: Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (MONTHS - 1), 1, 7),
  });
  for (let monthsAgo = MONTHS - 1; monthsAgo >= 0; monthsAgo -= 1) {
    const month = MONTHS - 1 - monthsAgo;
    add(monthsAgo, 1, 'debit', 'Rent: Riverside Lettings', 120_050);
    add(monthsAgo, 5, 'debit', 'Direct debit: City Power & Water', cents(55, 115));
    for (let card = 0; card < 7; card += 1) {
      const day = 1 + Math.floor(random() * 28);
      const merchant = pick(MERCHANTS);
      const amount = merchant === '@home Furnishings' ? cents(120, 480) : cents(3.5, 95);
      add(monthsAgo, day, 'debit', `Card payment: ${merchant}`, amount);
    }
    if (month % 2 === 1) {
      const payee = pick(PAYEES);
      const amount = cents(120, 420);
      const day = 10 + Math.floor(random() * 8);
      add(monthsAgo, day, 'debit', 'Service charge', Math.round(amount / 10));
      add(monthsAgo, day, 'debit', `Transfer to ${payee}`, amount);
    }
    if (month % 4 === 2) add(monthsAgo, 12, 'debit', `Card payment: ${pick(MERCHANTS)}`, cents(20, 300), 'failed');
    if (month % 5 === 3) add(monthsAgo, 18, 'credit', `Refund: ${pick(MERCHANTS)}`, cents(8, 60));
    if (month % 3 === 2) add(monthsAgo, 28, 'credit', 'Interest', cents(2, 14));
    add(monthsAgo, 25, 'credit', 'Salary: Contoso Ltd', month < 12 ? 385_000 : 405_000);
    add(monthsAgo, 28, 'debit', 'Account maintenance fee', 499);
  }

  // The last days' card payments are not settled yet; one more waits for the shop to take it.
  for (const entry of entries)
    if (
      entry.name.startsWith('Card payment') &&
      entry.status === 'successful' &&
      now - entry.createdAt < PENDING_DAYS * DAY
    )
      entry.status = 'in_progress';
  entries.push({
    direction: 'debit',
    name: 'Card payment: Northwind Grocers',
    amountCents: 4_218,
    status: 'in_progress',
    createdAt: now - DAY / 4,
  });
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}
