/** The command line of the contract diff, read with node:util's parseArgs. */
import type { ReportOptions } from '../conformance/args';
import { readArgs } from '../cli-args';

export const USAGE = `Usage: pnpm contract:diff --base REF [--head REF] [--json] [--junit FILE]

Lists what changed in the contract (packages/contract) from one version to another, operation by
operation (selectors, tokens, request fields and files, reply fields, enums, optional or required), and
whom each change breaks. The version before is the one at the git ref given with --base; the version after
is the working tree's (uncommitted edits included) or, with --head, the one at that ref. "Added" means in
the version after and not before.

The portal is a client of the host. Each change is one of:
  breaking for the host    the host has to change first: a portal built on the contract after fails
                           against a host that still follows the contract before
  breaking for the portal  clients have to change first: a portal (or any other client of the host)
                           built on the contract before fails against a host that follows the contract
                           after
  breaking for both        each side fails against the other one as it was: they change together
  compatible               neither: both keep working whichever changes first

  --base REF        the contract before: a git ref (a branch, a tag, a commit: main, HEAD~3, v1.2)
  --head REF        the contract after: a git ref (default: the working tree)
  --json            print {base, commit, head, headCommit, changes: [{operation, path, change, class}],
                    breaking} instead of the table (base and commit the version before, head and
                    headCommit the one after, null for the working tree; class: host, portal, both or
                    compatible); everything else goes to stderr
  --junit FILE      also write a JUnit XML report to FILE, for CI: one test case per operation, failed
                    when it has a breaking change (one line per breaking change)
  --help            this text

Exit code 0 when no change is breaking, 1 otherwise, 2 on bad usage (an unknown ref, for one).`;

export type ParsedArgs =
  | { readonly ok: true; readonly help: true }
  | {
      readonly ok: true;
      readonly help: false;
      /** The ref of the contract before. */
      readonly base: string;
      /** The ref of the contract after; the working tree when absent. */
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
