import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A temporary root per run (TMPDIR for workers and the processes they start), removed at the end.
    globalSetup: ["test/support/global-tmp.ts"],
    // Limits are hang detectors, not speed checks. Integration tests start dozens of real
    // processes (a `world` CLI run is a Node start, 1-2 s each at a load of 13 on two cores),
    // so a limit is set for the busiest machine the suite must hold on, not an idle one.
    testTimeout: 120_000,
    // An afterEach may stop a world's agents and daemons (SIGTERM, grace, SIGKILL) before removing it.
    hookTimeout: 60_000,
    // expect.poll waits on a condition that a real process brings about: vitest's 1 s default
    // fails under load. One generous default for every poll (test/support/wait.ts does the same for hand-written waits).
    expect: { poll: { timeout: 20_000, interval: 50 } },
    // Integration tests start real processes; two cores, so keep the pool small.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
