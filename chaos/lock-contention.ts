/**
 * Six Verifiers released at the same instant, round after round, each round over the
 * lock of a SIGKILLed one: exactly one may run, so every finish gets exactly one verdict.
 * (With a lock that two could hold, both judged every finish: doubled verdicts.)
 */
import { execa, type ResultPromise } from "execa";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { CLEAN_ENV, verdictTally, waitFor } from "./support.js";
import type { ChaosAttack } from "./types.js";

const CHILD = join(dirname(fileURLToPath(import.meta.url)), "children/verifier.js");
const ROUNDS = 8;
const CONTENDERS = 6;
const PER_ROUND = 5;

type Child = ResultPromise<{ reject: false; stdin: "pipe"; stdout: "pipe" }>;

async function firstLine(child: Child): Promise<string> {
  for await (const line of createInterface({ input: child.stdout! })) return line;
  return "";
}

const attack: ChaosAttack = {
  name: "lock contention (6 Verifiers released at once, 8 rounds)",
  async run(ctx) {
    const home = ctx.tmp();
    const log = new Appender(worldPaths(home));
    const ids: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const children: Child[] = Array.from({ length: CONTENDERS }, () =>
        execa(process.execPath, [CHILD, home], { reject: false, stdin: "pipe", stdout: "pipe", env: CLEAN_ENV }),
      );
      await Promise.all(children.map(firstLine)); // all ready and waiting on stdin
      const fresh = Array.from({ length: PER_ROUND }, (_, i) => `lc-${round}-${i}`);
      for (const id of fresh) {
        log.append({ kind: "agent", status: "start", id, output: "say ok", need: "output contains ok" });
        log.append({ kind: "agent", status: "finish", id, output: "ok" });
      }
      ids.push(...fresh);
      for (const c of children) c.stdin!.write("go\n");
      for (const id of fresh) await waitFor(home, (e) => e.kind === "agent" && e.id === id && ["verified", "retry", "failed"].includes(e.status), 30_000);
      // Killed holding the lock: the next round's contenders must take it over, one of them.
      for (const c of children) c.kill("SIGKILL");
      await Promise.all(children);
    }
    log.close();
    const tally = verdictTally(home, ids);
    return { attacks: ROUNDS, linesLost: 0, linesForged: 0, verdictsDoubled: tally.doubled, verdictsMissing: tally.missing, unapprovedCommands: 0 };
  },
};
export default attack;
