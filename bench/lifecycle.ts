/**
 * The lifecycle lock (tools/world/append-status.ts): a checked status append under the
 * world-wide `lifecycle` lock, against the floor of the same check and append without it,
 * in the same process, alternating in slices so a slow patch of the machine hits both.
 * What `world agent <status>` pays for concurrent writers never both passing the check.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendOnce } from "../tools/world/append.js";
import { appendStatus } from "../tools/world/append-status.js";
import { findLastStatus } from "../tools/world/last-status.js";
import { checkTransition } from "../tools/world/lifecycle.js";
import { worldPaths } from "../tools/world/paths.js";
import { fmt, printTable } from "./measure.js";

const ROUNDS = 2_000;
const SLICE = 50;

export async function run(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), "world-bench-lifecycle-"));
  try {
    const paths = worldPaths(tmp);
    appendOnce(paths, { kind: "agent", status: "start", id: "locked", output: "bench", need: "done" });
    appendOnce(paths, { kind: "agent", status: "start", id: "bare", output: "bench", need: "done" });
    let lockedNs = 0n;
    let bareNs = 0n;
    for (let done = 0; done < ROUNDS; done += SLICE) {
      let t = process.hrtime.bigint();
      for (let i = 0; i < SLICE; i++) {
        checkTransition("bare", findLastStatus(paths.log, "bare")?.status, "active");
        appendOnce(paths, { kind: "agent", status: "active", id: "bare", output: "still working" });
      }
      bareNs += process.hrtime.bigint() - t;
      t = process.hrtime.bigint();
      for (let i = 0; i < SLICE; i++) appendStatus(paths, { status: "active", id: "locked", output: "still working" });
      lockedNs += process.hrtime.bigint() - t;
    }
    const per = (ns: bigint) => Number(ns) / 1e6 / ROUNDS;
    printTable("Lifecycle check + append, in process (subject and floor alternating in slices)", [
      {
        name: `checked status append under the lifecycle lock, ${ROUNDS.toLocaleString("en-US")} appends`,
        value: `${fmt.ms(per(lockedNs))} each`,
        floor: `same check + append, no lock: ${fmt.ms(per(bareNs))} each`,
        ratio: fmt.x(per(lockedNs) / per(bareNs)),
        note: `the lock adds ${fmt.ms(per(lockedNs) - per(bareNs))} to a CLI call`,
      },
    ]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
