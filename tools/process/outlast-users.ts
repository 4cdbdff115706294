/**
 * Waiting out the processes a harness started in a folder before removing it (`npm run
 * chaos`, `npm run bench -- soak`): an agent can outlive the run that started it by a
 * moment, and its exit note (`world event … exited with code 0`) written after the folder
 * was removed makes the folder again, left in /tmp. Linux: processes are found by /proc.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Pids of processes still using one of `dirs` (named in their arguments or environment: `--home`, WORLD_HOME); none where there is no /proc. */
function processesUsing(dirs: readonly string[]): number[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  return pids
    .filter((pid) => {
      try {
        const said = readFileSync(`/proc/${pid}/cmdline`, "latin1") + "\0" + readFileSync(`/proc/${pid}/environ`, "latin1");
        return dirs.some((d) => said.includes(d));
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

/** Waits (up to `timeoutMs`) for the processes using `dirs` to end, then kills those left. */
export async function outlastUsers(dirs: readonly string[], timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let left = processesUsing(dirs);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = processesUsing(dirs);
  }
  for (const pid of left) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
