/**
 * Slow checks holding every verdict (issue 19.4): program-written needs
 * `command exits 0: tail -c 1 /dev/zero` (allow-listed, so anybody's need may hold one)
 * take a check's whole time limit, while honest finishes arrive. Each honest finish must be
 * judged within 30 s although every slow check runs for 120 s: a verdict that waited for
 * them is missing.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { daemon, entries, waitFor } from "./support.js";
import type { ChaosAttack } from "./types.js";

const SLOW = 3;
const HONEST = 6;
const CHECK_TIMEOUT_MS = 120_000;
const HONEST_WITHIN_MS = 30_000;

const attack: ChaosAttack = {
  name: `slow checks hold other verdicts (${SLOW} tail -c 1 /dev/zero, ${HONEST} honest finishes)`,
  async run(ctx) {
    const home = ctx.tmp();
    writeFileSync(join(home, "ok.txt"), "ok\n");
    const log = new Appender(worldPaths(home));
    const verifier = daemon(ctx, home, ["verifier"], { WORLD_CHECK_TIMEOUT_MS: String(CHECK_TIMEOUT_MS) });
    let missing = 0;
    try {
      for (let i = 0; i < SLOW; i++) {
        log.append({ kind: "agent", status: "start", id: `slow-${i}`, output: "stall", need: "command exits 0: tail -c 1 /dev/zero" });
        log.append({ kind: "agent", status: "finish", id: `slow-${i}`, output: "done" });
      }
      for (let i = 0; i < HONEST; i++) {
        const id = `honest-${i}`;
        log.append({ kind: "agent", status: "start", id, output: "say ok", need: "command exits 0: grep -q ok ok.txt" });
        log.append({ kind: "agent", status: "finish", id, output: "ok" });
        if (!(await waitFor(home, (e) => e.kind === "agent" && e.id === id && e.status === "verified", HONEST_WITHIN_MS))) missing++;
      }
      const slowJudged = entries(home).filter((e) => e.kind === "agent" && e.id.startsWith("slow-") && ["verified", "retry", "failed"].includes(e.status)).length;
      return {
        attacks: HONEST, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: missing, unapprovedCommands: 0,
        notes: `honest finishes judged while ${SLOW - slowJudged} slow checks still ran`,
      };
    } finally {
      log.close();
      verifier.kill("SIGTERM");
      await verifier;
    }
  },
};

export default attack;
