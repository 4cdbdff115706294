/**
 * Checks outliving their judge (issue 19.5): a Verifier stopped or SIGKILLed while a slow
 * check (`tail -c 1 /dev/zero`, 120 s limit) runs, and a `world up` SIGKILLed with its
 * Verifier mid-check. No check may run once its Verifier stopped; after a SIGKILL, none
 * may survive the next Verifier's start or a starting `world up` (the Keeper alone, so
 * that `up` itself is what ends them). Every check still running then is counted.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { Appender } from "../tools/world/append.js";
import { worldPaths } from "../tools/world/paths.js";
import { daemon } from "./support.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const ENV = { WORLD_CHECK_TIMEOUT_MS: "120000" };

/** The `tail` processes running with this home as their working directory (the checks). */
function checksIn(home: string): number[] {
  const pids: number[] = [];
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      if (readlinkSync(`/proc/${name}/cwd`) !== home) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (stat.includes("(tail)") && state !== "Z") pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

async function until(ok: () => boolean, timeoutMs: number): Promise<boolean> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (ok()) return true;
  return ok();
}

function slowSession(home: string, id: string): void {
  const log = new Appender(worldPaths(home));
  log.append({ kind: "agent", status: "start", id, output: "stall", need: "command exits 0: tail -c 1 /dev/zero" });
  log.append({ kind: "agent", status: "finish", id, output: "done" });
  log.close();
}

type Daemon = ReturnType<typeof daemon>;

/** Stops a daemon gracefully and waits for it to exit. */
async function stop(d: Daemon): Promise<void> {
  d.kill("SIGTERM");
  await d;
}

const attack: ChaosAttack = {
  name: "checks outliving their Verifier (SIGTERM, SIGKILL + next Verifier, SIGKILL + world up, up SIGKILLed)",
  async run(ctx: ChaosContext) {
    const notes: string[] = [];
    let outlived = 0;
    const leftover = (what: string, pids: number[]) => {
      if (pids.length === 0) return;
      outlived += pids.length;
      notes.push(`${what}: ${pids.length} left`);
      for (const pid of pids) process.kill(pid, "SIGKILL"); // chaos leaves nothing behind itself
    };

    // 1. A Verifier stopped gracefully mid-check.
    {
      const home = ctx.tmp();
      slowSession(home, "t1");
      const v = daemon(ctx, home, ["verifier"], ENV);
      if (!(await until(() => checksIn(home).length === 1, 30_000))) notes.push("1: the check never started");
      await stop(v);
      leftover("after SIGTERM", checksIn(home));
    }
    // 2. A Verifier SIGKILLed mid-check; the next Verifier starts.
    {
      const home = ctx.tmp();
      slowSession(home, "t2");
      const v = daemon(ctx, home, ["verifier"], ENV);
      await until(() => checksIn(home).length === 1, 30_000);
      const orphans = checksIn(home);
      v.kill("SIGKILL");
      await v;
      const next = daemon(ctx, home, ["verifier"], ENV);
      const gone = await until(() => checksIn(home).every((p) => !orphans.includes(p)), 30_000);
      await stop(next);
      leftover("after SIGKILL and a new Verifier", gone ? checksIn(home) : [...new Set([...orphans, ...checksIn(home)])]);
    }
    // 3. A Verifier SIGKILLed mid-check; a `world up` without a Verifier starts.
    {
      const home = ctx.tmp();
      slowSession(home, "t3");
      const v = daemon(ctx, home, ["verifier"], ENV);
      await until(() => checksIn(home).length === 1, 30_000);
      v.kill("SIGKILL");
      await v;
      const up = daemon(ctx, home, ["up", "--only", "keeper"], ENV);
      await until(() => checksIn(home).length === 0, 30_000);
      leftover("after SIGKILL and world up", checksIn(home));
      await stop(up);
    }
    // 4. `world up` SIGKILLed while its Verifier runs a check; the next `world up` starts.
    {
      const home = ctx.tmp();
      slowSession(home, "t4");
      const up = daemon(ctx, home, ["up", "--only", "verifier"], ENV);
      await until(() => checksIn(home).length === 1, 60_000);
      const orphans = checksIn(home);
      up.kill("SIGKILL");
      await up;
      const next = daemon(ctx, home, ["up", "--only", "verifier"], ENV);
      const gone = await until(() => checksIn(home).every((p) => !orphans.includes(p)), 60_000);
      await stop(next);
      leftover("after world up SIGKILLed and restarted", gone ? checksIn(home) : [...new Set([...orphans, ...checksIn(home)])]);
    }
    return {
      attacks: 4, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, checksOutlived: outlived,
      ...(notes.length > 0 && { notes: notes.join("; ") }),
    };
  },
};

export default attack;
