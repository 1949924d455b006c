/**
 * Prints closing lines after the default reporter's summary: `vitest: N passed, N failed, N skipped`, so
 * any log reader can tell how many tests ran, then `vitest: FAIL file > test: first line of the error` for
 * each failed test, which the test command (scripts/test.sh) repeats at its end, where a CI log's tail
 * shows it.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    const failures: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const result = test.result();
        counts[result.state] += 1;
        if (result.state !== 'failed') continue;
        const why = result.errors[0]?.message.split('\n', 1)[0] ?? 'failed';
        failures.push(`vitest: FAIL ${module.relativeModuleId} > ${test.fullName}: ${why}`);
      }
      // A file that failed outside its tests (an import, a hook) fails with no test of its own failing.
      for (const error of module.errors())
        failures.push(`vitest: FAIL ${module.relativeModuleId}: ${error.message.split('\n', 1)[0] ?? 'failed'}`);
    }
    console.log(`vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
    for (const line of failures) console.log(line);
  }
}
