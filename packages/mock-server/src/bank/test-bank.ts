/** For the bank's own tests: the seeded bank on a clock the test moves, and test data. */
import { TEST_HASH_COST } from '../testing/harness';
import type { Bank } from './bank';
import type { BankConfig } from './config';
import { BankError } from './errors';
import type { TransferInput, User } from './model';
import { seedBank } from './seed';

export const MINUTE = 60_000;

export interface TestBank {
  readonly bank: Bank;
  /** The seeded `demo@bank.test`. */
  readonly demo: User;
  /** Moves the bank's clock forward. */
  readonly advance: (ms: number) => void;
}

export async function seededTestBank(config: Partial<BankConfig> = {}): Promise<TestBank> {
  let clock = Date.parse('2026-11-21T10:00:00Z');
  const bank = await seedBank({ now: () => clock, config: { hashCost: TEST_HASH_COST, ...config } });
  const demo = bank.findByEmail('demo@bank.test');
  if (!demo) throw new Error('the seed has no demo@bank.test');
  return {
    bank,
    demo,
    advance: (ms) => {
      clock += ms;
    },
  };
}

export const transfer = (amount: number, overrides: Partial<TransferInput> = {}): TransferInput => ({
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'United States',
  accountNumber: '000999888777',
  accountHolder: 'Jane Doe',
  amount,
  note: 'rent',
  ...overrides,
});

/** The code in the newest message sent to an address. */
export const lastCode = (bank: Bank, email: string) => bank.outboxFor(email)[0]?.code ?? '';

/** The bank's refusal of a call (or of a promise); fails when it does not refuse. */
export async function refused(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof BankError) return error;
    throw error;
  }
  throw new Error('expected the bank to refuse');
}
