/** The command line of the contract diff, read with node:util's parseArgs. */
import type { ReportOptions } from '../conformance/args';
import { readArgs } from '../cli-args';

export const USAGE = `Usage: pnpm contract:diff --base REF [--head REF] [--json] [--junit FILE]

Compares the contract (packages/contract) at the git ref REF with the working tree, operation by
operation: selectors, tokens, request fields and files, reply fields, enums, optional or required. Each
change is breaking for the host (a host that follows the old contract no longer satisfies the new one),
breaking for the portal (a portal built on the old contract breaks against a host that follows the new
one), breaking for both, or compatible.

  --base REF        the git ref to compare with: a branch, a tag, a commit (main, HEAD~3, v1.2)
  --head REF        compare the contract at this ref instead of the working tree's
  --json            print {base, commit, changes: [{operation, path, change, class}], breaking} instead
                    of the table (class: host, portal, both or compatible); everything else goes to stderr
  --junit FILE      also write a JUnit XML report to FILE, for CI: one test case per operation, failed
                    when it has a breaking change (one line per breaking change)
  --help            this text

Exit code 0 when no change is breaking, 1 otherwise, 2 on bad usage (an unknown ref, for one).`;

export type ParsedArgs =
  | { readonly ok: true; readonly help: true }
  | {
      readonly ok: true;
      readonly help: false;
      readonly base: string;
      /** The ref to compare with the base; the working tree when absent. */
      readonly head?: string | undefined;
      readonly reports: ReportOptions;
    }
  | { readonly ok: false; readonly message: string };

export function parseDiffArgs(argv: readonly string[]): ParsedArgs {
  const read = readArgs(argv, {
    base: { type: 'string' },
    head: { type: 'string' },
  });
  if (!read.ok) return read;
  const { values } = read;
  if (values.help) return { ok: true, help: true };
  if (values.base === undefined || values.base.trim() === '') return { ok: false, message: '--base REF is required' };
  if (values.head?.trim() === '') return { ok: false, message: '--head needs a git ref' };
  return {
    ok: true,
    help: false,
    base: values.base,
    head: values.head,
    reports: { junit: values.junit, json: values.json },
  };
}
