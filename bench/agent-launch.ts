/**
 * What running an agent under its reaper (agents/reaper.ts) costs:
 *   - time from launchAgent to the exit line in the log, for an agent that ends at once
 *     (/bin/true), against starting and waiting for /bin/true directly;
 *   - the reaper's resident memory while its agent runs, against a bare `node` process
 *     that only waits.
 */
import { readFileSync, statSync } from "node:fs";
import { execa } from "execa";
import { spawnAgent } from "../agents/spawn.js";
import { signalGroup } from "../tools/proc/proc.js";
import type { WorldPaths } from "../tools/world/paths.js";
import { fmt, median, type Row } from "./measure.js";
import { waitForText } from "./reaction.js";

const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export async function agentLaunch(paths: WorldPaths, runs: number): Promise<Row[]> {
  const launched: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    const from = statSync(paths.log, { throwIfNoEntry: false })?.size ?? 0;
    const t0 = now();
    const { id } = await spawnAgent(paths, { task: "bench", need: "n", command: ["/bin/true"], id: `launch-${i}` });
    await waitForText(paths, `][${id}] pid `, from);
    launched.push(now() - t0);
    const t1 = now();
    await execa("/bin/true");
    bare.push(now() - t1);
  }

  const { id, pid } = await spawnAgent(paths, { task: "bench", need: "n", command: ["/bin/sleep", "30"], id: "launch-rss" });
  const idle = execa(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { reject: false });
  try {
    await sleep(500); // both started and settled
    const reaper = rssMb(pid);
    const node = rssMb(idle.pid!);
    return [
      {
        name: `launchAgent → exit line in the log, /bin/true under its reaper (${runs} runs)`,
        value: fmt.ms(median(launched)),
        floor: `/bin/true started and waited for directly ${fmt.ms(median(bare))}`,
        ratio: fmt.x(median(launched) / median(bare)),
        note: "the reaper is a Node process: its start-up is most of it",
      },
      {
        name: `the reaper's resident memory while its agent runs (${id})`,
        value: `${reaper.toFixed(0)} MB`,
        floor: `a bare waiting node ${node.toFixed(0)} MB`,
        ratio: fmt.x(reaper / node),
      },
    ];
  } finally {
    signalGroup(pid, "SIGKILL");
    idle.kill("SIGKILL");
    await idle;
  }
}
