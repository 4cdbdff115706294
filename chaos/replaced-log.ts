/**
 * world.log replaced under a running Verifier and a writer kept open (cp world.log x &&
 * mv x world.log, as a restore or an editor's save does), again and again: every line
 * written after a replace is in the log once, every finish gets exactly one verdict.
 */
import { copyFileSync, renameSync } from "node:fs";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { daemon, entries, verdictTally, waitFor } from "./support.js";
import type { ChaosAttack } from "./types.js";

const ROUNDS = 10;

const attack: ChaosAttack = {
  name: "world.log replaced under running daemons (10 cp + mv)",
  async run(ctx) {
    const home = ctx.tmp();
    const paths = worldPaths(home);
    const writer = new Appender(paths); // a daemon's writer, open all along
    const verifier = daemon(ctx, home, ["verifier"]);
    const ids = Array.from({ length: ROUNDS }, (_, i) => `rl-${i}`);
    try {
      for (const id of ids) {
        writer.append({ kind: "agent", status: "start", id, output: "say ok", need: 'output contains "ok"' });
        writer.append({ kind: "agent", status: "finish", id, output: "ok" });
        // Replaced once the Verifier has answered: what a copy misses while it is taken is the copier's doing.
        await waitFor(home, (e) => e.kind === "agent" && e.id === id && e.status === "verified", 15_000);
        copyFileSync(paths.log, `${paths.log}.copy`);
        renameSync(`${paths.log}.copy`, paths.log);
        writer.append({ kind: "event", source: "system", id: `${id}-after`, output: "written after the replace" });
      }
    } finally {
      writer.close();
      verifier.kill("SIGTERM");
      await verifier;
    }
    const seen = new Map<string, number>();
    for (const e of entries(home)) if (e.kind === "event" && e.id.endsWith("-after")) seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
    const tally = verdictTally(home, ids);
    return {
      attacks: ROUNDS,
      linesLost: ids.filter((id) => !seen.has(`${id}-after`)).length,
      linesForged: [...seen.values()].filter((n) => n > 1).length,
      verdictsDoubled: tally.doubled,
      verdictsMissing: tally.missing,
      unapprovedCommands: 0,
    };
  },
};
export default attack;
