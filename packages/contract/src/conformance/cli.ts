/**
 * `pnpm contract:check --base URL [--email E --passcode P] [--read-only]`: the conformance check
 * (check.ts) from the command line. Prints the table; exit code 0 when every row passes, 1 otherwise,
 * 2 on bad usage.
 */
import { parseCheckArgs, USAGE } from './args';
import { allPass, runConformance } from './check';
import { formatTable } from './table';

const parsed = parseCheckArgs(process.argv.slice(2));
if (!parsed.ok) {
  console.error(`${parsed.message}\n\n${USAGE}`);
  process.exit(2);
}
if (parsed.help) {
  console.log(USAGE);
  process.exit(0);
}
const { options } = parsed;
console.log(`Checking ${options.base} against the contract${options.readOnly ? ' (read-only)' : ''}\n`);
try {
  const rows = await runConformance(options);
  console.log(formatTable(rows, { readOnly: options.readOnly ?? false }));
  process.exitCode = allPass(rows) ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}
