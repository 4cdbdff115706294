/**
 * Needs that would take the Verifier down (docs/keeper-verifier.md, "Bounds"): endless
 * output (`cat /dev/zero`, on the allow-list, so anyone's need runs it), a command that
 * never ends, a backtracking regex, among honest sessions. Every session must get exactly
 * one verdict from a running Verifier within the time the bounds allow.
 */
import { execa } from "execa";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { CLEAN_ENV, verdictTally, waitFor } from "./support.js";
import type { ChaosAttack } from "./types.js";

const POISONS = ["command exits 0: cat /dev/zero", "command exits 0: sleep 1000", "output matches /^(a+)+$/"];
const HONEST = 6;

const attack: ChaosAttack = {
  name: "poisoned needs (cat /dev/zero, sleep 1000, /^(a+)+$/) among honest ones",
  async run(ctx) {
    const home = ctx.tmp();
    const log = new Appender(worldPaths(home));
    const ids: string[] = [];
    for (const [i, need] of POISONS.entries()) {
      const id = `poison-${i}`;
      ids.push(id);
      log.append({ kind: "agent", status: "start", id, output: "poisoned", need });
      log.append({ kind: "agent", status: "finish", id, output: `${"a".repeat(30)}!` });
      const honest = `honest-${i}`;
      ids.push(honest);
      log.append({ kind: "agent", status: "start", id: honest, output: "say ok", need: 'output contains "ok"' });
      log.append({ kind: "agent", status: "finish", id: honest, output: "ok" });
    }
    for (let i = POISONS.length; i < HONEST; i++) {
      ids.push(`honest-${i}`);
      log.append({ kind: "agent", status: "start", id: `honest-${i}`, output: "say ok", need: 'output contains "ok"' });
      log.append({ kind: "agent", status: "finish", id: `honest-${i}`, output: "ok" });
    }
    log.close();
    // A short time limit for commands, so the attack takes seconds; the poisons are the same.
    const verifier = execa(process.execPath, [ctx.bin, "--home", home, "verifier"], {
      reject: false,
      stdin: "ignore",
      env: { ...CLEAN_ENV, WORLD_CHECK_TIMEOUT_MS: "5000", WORLD_REGEX_DEADLINE_MS: "1000" },
    });
    const judged = new Set<string>();
    await waitFor(home, (e) => {
      if (e.kind === "agent" && ["verified", "retry", "failed"].includes(e.status)) judged.add(e.id);
      return ids.every((id) => judged.has(id));
    }, 90_000);
    verifier.kill("SIGTERM");
    const ended = await verifier;
    const tally = verdictTally(home, ids);
    const notes = ended.exitCode !== 0 && ended.signal !== "SIGTERM" ? `the Verifier ended with ${ended.exitCode ?? ended.signal}` : undefined;
    return { attacks: POISONS.length, linesLost: 0, linesForged: 0, verdictsDoubled: tally.doubled, verdictsMissing: tally.missing, unapprovedCommands: 0, ...(notes && { notes }) };
  },
};
export default attack;
