/**
 * Prints one closing line, `vitest: N passed, N failed, N skipped`, after the default reporter's
 * summary, so any log reader can tell how many tests ran.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]) {
    const counts = { passed: 0, failed: 0, skipped: 0, pending: 0 };
    for (const module of testModules) for (const test of module.children.allTests()) counts[test.result().state] += 1;
    console.log(`vitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
