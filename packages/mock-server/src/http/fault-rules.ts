/**
 * Fault rules (`/__mock/faults`): a test says what happens to an operation's next calls (fail with a
 * status, drop the connection, wait first), for some calls (`times`), some share of them (`rate`) or every
 * one. Each sandbox has its own rules; the `MOCK_LATENCY` and `MOCK_FAULT_RATE` settings stay the defaults
 * under them. The first live rule of the call's operation applies.
 */
import { operationNamed, type FaultRule, type FaultRuleInput, type OperationName } from '@ebank/contract';
import { refuse } from '../bank/errors';

/** What a rule does to one call. */
export interface FaultAction {
  readonly delayMs: number;
  /** Cut the connection instead of answering. */
  readonly drop: boolean;
  /** Answer this refusal instead of the bank's answer. */
  readonly fail?: { readonly status: number; readonly message: string };
}

/** The message of a failure whose rule names none: the one of `MOCK_FAULT_RATE`. */
export const SIMULATED_FAULT_MESSAGE = 'The bank is temporarily unavailable (simulated). Please try again.';

/** The most rules a sandbox holds. */
export const MAX_FAULT_RULES = 100;

interface Rule extends FaultRuleInput {
  readonly id: string;
  readonly operation: OperationName;
  fired: number;
}

export class FaultRules {
  private rules: Rule[] = [];
  private nextId = 1;

  add(input: FaultRuleInput): FaultRule {
    const operation =
      operationNamed(input.operation) ?? refuse('invalid', 'operation: not an operation of the contract');
    // A spent rule stays listed (with how often it fired) and removable by its id, until room is needed.
    if (this.rules.length >= MAX_FAULT_RULES) this.rules = this.rules.filter((rule) => this.remaining(rule) !== 0);
    if (this.rules.length >= MAX_FAULT_RULES)
      refuse('conflict', `At most ${MAX_FAULT_RULES} fault rules are kept: clear them first (DELETE /__mock/faults)`);
    const rule: Rule = { ...input, operation, id: `fault-${this.nextId++}`, fired: 0 };
    this.rules.push(rule);
    return this.view(rule);
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => this.view(rule));
  }

  clear(): void {
    this.rules = [];
  }

  /** Removes one rule by its id (404 when this sandbox has none by that id). */
  remove(id: string): void {
    const kept = this.rules.filter((rule) => rule.id !== id);
    if (kept.length === this.rules.length) refuse('not_found', `No fault rule '${id}'`);
    this.rules = kept;
  }

  /** Whether any rule is live (the API's fast path skips the lookup when none is). */
  get empty(): boolean {
    return this.rules.length === 0;
  }

  /** What happens to a call of this operation: the first live rule that takes it (by its rate), or none. */
  take(operation: OperationName, random: () => number): FaultAction | undefined {
    for (const rule of this.rules) {
      if (rule.operation !== operation || this.remaining(rule) === 0) continue;
      if (rule.rate !== undefined && random() >= rule.rate) continue;
      rule.fired += 1;
      const latency = rule.latencyMs;
      const delayMs =
        latency === undefined
          ? 0
          : typeof latency === 'number'
            ? latency
            : Math.round((latency[0] ?? 0) + ((latency[1] ?? 0) - (latency[0] ?? 0)) * random());
      if (rule.drop === true) return { delayMs, drop: true };
      // Only a delay: the bank answers after it.
      if (rule.status === undefined && rule.message === undefined && latency !== undefined)
        return { delayMs, drop: false };
      const fail = { status: rule.status ?? 503, message: rule.message ?? SIMULATED_FAULT_MESSAGE };
      return { delayMs, drop: false, fail };
    }
    return undefined;
  }

  private remaining(rule: Rule): number | null {
    return rule.times === undefined ? null : Math.max(0, rule.times - rule.fired);
  }

  private view(rule: Rule): FaultRule {
    return { ...rule, remaining: this.remaining(rule) };
  }
}
