import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // One test file per core: Vitest's default leaves a core idle, and most files are CPU-bound.
    maxWorkers: availableParallelism(),
    // Test files in one worker share their modules (imported once, not once per file: about a
    // sixth of the suite's time). So a test leaves no state behind (it restores env vars and
    // policies), and tests that walk every task walk the catalog's (registerAllTasks), not every
    // task some other test file registered.
    isolate: false,
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // CLI runs in tests (in the test's process through test/support/cli.ts, or spawned) verify on
    // their main thread: each checker thread costs a second to start. The tests about the pool, and a
    // few CLI runs, ask for threads with --workers.
    env: { PLUMB_WORKERS: "0" },
  },
});
