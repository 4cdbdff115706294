/**
 * The Verifier SIGKILLed again and again while 60 finished agents wait for it: each
 * finish gets exactly one verdict once a Verifier is left running.
 */
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { daemon, verdictTally, waitFor } from "./support.js";
import type { ChaosAttack } from "./types.js";

const SESSIONS = 60;
const KILLS = 12;

const attack: ChaosAttack = {
  name: "Verifier SIGKILLed mid-judgement (60 finishes, 12 kills)",
  async run(ctx) {
    const home = ctx.tmp();
    const log = new Appender(worldPaths(home));
    const ids = Array.from({ length: SESSIONS }, (_, i) => `kv-${i}`);
    let verifier = daemon(ctx, home, ["verifier"]);
    for (const [i, id] of ids.entries()) {
      log.append({ kind: "agent", status: "start", id, output: "say ok", need: "output contains ok" });
      log.append({ kind: "agent", status: "finish", id, output: i % 3 === 0 ? "not it" : "ok" });
      if (i % (SESSIONS / KILLS) === 0) {
        // Let it get to work on something, then kill it without warning and start another.
        const recent = new Set(ids.slice(Math.max(0, i - 2), i + 1));
        await waitFor(home, (e) => e.kind === "agent" && recent.has(e.id) && ["verified", "retry"].includes(e.status), 20_000);
        verifier.kill("SIGKILL");
        await verifier;
        verifier = daemon(ctx, home, ["verifier"]);
      }
    }
    log.close();
    const last = ids.at(-1)!;
    await waitFor(home, (e) => e.kind === "agent" && e.id === last && e.status !== "start" && e.status !== "finish", 60_000);
    // Every other session: wait until each has something after its finish.
    for (const id of ids) await waitFor(home, (e) => e.kind === "agent" && e.id === id && ["verified", "retry", "failed"].includes(e.status), 30_000);
    verifier.kill("SIGTERM");
    await verifier;
    const tally = verdictTally(home, ids);
    return { attacks: KILLS, linesLost: 0, linesForged: 0, verdictsDoubled: tally.doubled, verdictsMissing: tally.missing, unapprovedCommands: 0 };
  },
};
export default attack;
