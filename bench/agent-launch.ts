/**
 * What running an agent under its sh parent (agents/parent.ts) costs:
 *   - time from launchAgent to the exit line in the log, for an agent that ends at once
 *     (/bin/true), against starting and waiting for /bin/true directly plus one
 *     `world event` call (the parent's one short Node command at the end is about that);
 *   - time from launchAgent to the session's `failed` line for /bin/false (ends at once,
 *     without finishing): how soon an end is noticed, without the Keeper;
 *   - the parent's resident memory while its agent runs, against the agent alone
 *     (/bin/sleep) and a bare `node` process that only waits (what the old reaper was).
 */
import { readFileSync, statSync } from "node:fs";
import { execa } from "execa";
import { WORLD_BIN } from "../tools/package-root.js";
import { spawnAgent } from "../agents/spawn.js";
import { signalGroup } from "../tools/process/identity.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { fmt, median, type Row } from "./measure.js";
import { waitForText } from "./reaction.js";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The one child of a process (the agent under its parent), from /proc. */
function childOf(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0]);
}

function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export async function agentLaunch(paths: WorldPaths, runs: number): Promise<Row[]> {
  const launched: number[] = [];
  const bare: number[] = [];
  const call: number[] = [];
  const failed: number[] = [];
  for (let i = 0; i < runs; i++) {
    const from = statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0;
    const t0 = now();
    const { id } = await spawnAgent(paths, { task: "bench", need: "n", command: ["/bin/true"], id: `launch-${i}` });
    await waitForText(paths, `][${id}] pid `, from);
    launched.push(now() - t0);
    const t1 = now();
    await execa("/bin/true");
    bare.push(now() - t1);
    const t2 = now();
    await execa(process.execPath, [WORLD_BIN, "--home", paths.home, "event", "bench", `call-${i}`, "x", "-q"]);
    call.push(now() - t2);    // An agent that exits 1 at once: from its launch to the session's failed line.
    const from2 = statSync(paths.log).size;
    const t3 = now();
    const crash = await spawnAgent(paths, { task: "bench", need: "n", command: ["/bin/false"], id: `crash-${i}` });
    await waitForText(paths, `[agent:failed][${crash.id}]`, from2);
    failed.push(now() - t3);
  }

  const { id, pid } = await spawnAgent(paths, { task: "bench", need: "n", command: ["/bin/sleep", "30"], id: "launch-rss" });
  const idle = execa(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { reject: false });
  try {
    await sleep(500); // both started and settled
    const parent = rssMb(pid);
    const agent = rssMb(childOf(pid));
    const node = rssMb(idle.pid!);
    const floor = median(bare) + median(call);
    return [
      {
        name: `launchAgent → exit line in the log, /bin/true under its sh parent (${runs} runs)`,
        value: fmt.ms(median(launched)),
        floor: `/bin/true directly ${fmt.ms(median(bare))} + one world event call ${fmt.ms(median(call))}`,
        ratio: fmt.x(median(launched) / floor),
        note: "target ≤ 2×: the exit note is one Node start",
      },
      {
        name: `launchAgent → failed line, /bin/false ending without finishing (${runs} runs)`,
        value: fmt.ms(median(failed)),
        floor: `/bin/true directly ${fmt.ms(median(bare))} + one world event call ${fmt.ms(median(call))}`,
        ratio: fmt.x(median(failed) / floor),
        note: "target: failed within 1 s of the exit (median); the exit note writes it, no sweep",
      },
      {
        name: `the sh parent's resident memory while its agent runs (${id})`,
        value: `${parent.toFixed(1)} MB`,
        floor: `the agent alone (/bin/sleep) ${agent.toFixed(1)} MB; a bare waiting node ${node.toFixed(0)} MB`,
        ratio: fmt.x(parent / agent),
        note: "target ≤ 5 MB",
      },
    ];
  } finally {
    signalGroup(pid, "SIGKILL");
    idle.kill("SIGKILL");
    await idle;
  }
}
