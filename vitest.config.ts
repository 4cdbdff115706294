import { defineConfig } from "vitest/config";
import { WAIT_MS } from "./test/support/wait.js";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A temporary root per run (TMPDIR for workers and the processes they start), removed at the end.
    globalSetup: ["test/support/global-tmp.ts"],
    // Limits are hang detectors, not speed checks. Integration tests start dozens of real
    // processes (a `world` CLI run is a Node start, 1-2 s each at a load of 13 on two cores),
    // so a limit is set for the busiest machine the suite must hold on, not an idle one.
    testTimeout: 120_000,
    // An afterEach may stop a world's agents and daemons (SIGTERM, grace, SIGKILL) before
    // removing it; a beforeAll may wait (up to WAIT_MS) for a daemon to start.
    hookTimeout: 120_000,
    // expect.poll waits on a condition that a real process brings about: vitest's 1 s default
    // fails under load. The tests' one wait limit (test/support/wait.ts) for every poll.
    expect: { poll: { timeout: WAIT_MS, interval: 50 } },
    // Integration tests start real processes; two cores, so keep the pool small.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
