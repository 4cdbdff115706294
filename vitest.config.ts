import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // A temporary root per run (TMPDIR for workers and the processes they start), removed at the end.
    globalSetup: ["test/support/global-tmp.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start real processes; two cores, so keep the pool small.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
