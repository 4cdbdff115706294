/**
 * 20 running agents SIGKILLed (half the agent alone, half its whole process group):
 * after one Keeper sweep every one of them is `failed`, none is left "working".
 */
import { entries, waitFor, world } from "./support.js";
import type { ChaosAttack } from "./types.js";

const AGENTS = 20;

const attack: ChaosAttack = {
  name: "agents SIGKILLed (20: process or whole group)",
  async run(ctx) {
    const home = ctx.tmp();
    const ids: string[] = [];
    for (let i = 0; i < AGENTS; i++) {
      const id = `ka-${i}`;
      const r = await world(ctx, home, ["spawn", "--id", id, "wait | need: output contains done", "--", "sleep", "600"]);
      if (r.exitCode === 0) ids.push(id);
    }
    const pids = new Map<string, number>();
    for (const id of ids) {
      await waitFor(home, (e) => e.kind === "event" && e.id === id && /^spawned pid \d+/.test(e.output), 20_000);
      const line = entries(home).find((e) => e.kind === "event" && e.id === id && /^spawned pid \d+/.test(e.output))!;
      pids.set(id, Number(/^spawned pid (\d+)/.exec(line.output)![1]));
    }
    for (const [i, id] of ids.entries()) {
      const pid = pids.get(id)!;
      try {
        process.kill(i % 2 === 0 ? pid : -pid, "SIGKILL");
      } catch {
        // already gone: the sweep must say so all the same
      }
    }
    await world(ctx, home, ["keep", "--once"]);
    const latest = new Map<string, string>();
    for (const e of entries(home)) if (e.kind === "agent") latest.set(e.id, e.status);
    const notFailed = ids.filter((id) => latest.get(id) !== "failed").length;
    return {
      attacks: AGENTS,
      linesLost: AGENTS - ids.length,
      linesForged: 0,
      verdictsDoubled: 0,
      verdictsMissing: notFailed,
      unapprovedCommands: 0,
      notes: notFailed ? `still not failed: ${ids.filter((id) => latest.get(id) !== "failed").join(" ")}` : "",
    };
  },
};
export default attack;
