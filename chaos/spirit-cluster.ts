/**
 * Every machine's Spirit sees every utterance in a synced world (issue 19.7). Two
 * machines, each under `world up --nats --only sync,spirit`: reminders said on one and on
 * the other, a plan said on a, then a "yes" said on b. Each must be decided once and each
 * agent started once, whichever machine heard it: doubled counts every spawn, question or
 * agent start written more than once (in either log); missing, every one never written.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { HAS_NATS, startNats } from "../bench/nats-server.js";
import type { Located } from "../tools/world/entry.js";
import { worldPaths } from "../tools/world/paths.js";
import { entries, waitFor, world } from "./support.js";
import { enrolEachOther } from "./children/signed-pair.js";
import type { ChaosAttack, ChaosContext } from "./types.js";

const REMINDERS = ["stretch", "water the plants", "call mum"];

async function speak(ctx: ChaosContext, home: string, text: string): Promise<void> {
  const r = await world(ctx, home, ["listen"], { input: JSON.stringify({ ts: 0, speaker: "user", text }) + "\n" });
  if (r.exitCode !== 0) throw new Error(`world listen failed: ${String(r.stderr)}`);
}

/** Until each world's Spirit has read its whole log (its cursor at the log's end). */
async function spiritsCaughtUp(homes: readonly string[]): Promise<void> {
  const cursor = (home: string) => {
    try {
      return (JSON.parse(readFileSync(join(worldPaths(home).cursors, "spirit.json"), "utf8")) as { offset: number }).offset;
    } catch {
      return -1;
    }
  };
  const deadline = Date.now() + 60_000;
  while (!homes.every((h) => cursor(h) >= statSync(worldPaths(h).log).size)) {
    if (Date.now() > deadline) throw new Error("the Spirits did not catch up with their logs");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const spiritSays = (prefix: string) => (e: Located) => e.kind === "event" && e.source === "spirit" && e.output.startsWith(prefix);

const attack: ChaosAttack = {
  name: "an utterance heard in a two-machine world (each decided and started once)",
  async run(ctx) {
    if (!HAS_NATS) return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, skipped: "nats-server is not installed" };
    const nats = await startNats();
    const homes = [ctx.tmp(), ctx.tmp()];
    await enrolEachOther(ctx, homes.map((home, i) => ({ home, machine: `m${i}` })));
    const ups = homes.map((home, i) =>
      world(ctx, home, ["up", "--nats", nats.url, "--insecure", "--machine", `m${i}`, "--only", "sync,spirit"], { stdin: "ignore", env: { WORLD_BROWSER_OPENER: "true" } }),
    );
    try {
      for (const [i, home] of homes.entries()) {
        if (!(await waitFor(home, (e) => e.kind === "event" && e.id === "sync" && e.output.startsWith(`sync on m${i}: connected`), 60_000))) throw new Error(`m${i} never connected`);
        if (!(await waitFor(home, (e) => e.kind === "event" && e.id === "spirit" && e.output.startsWith("awake:"), 60_000))) throw new Error(`m${i}'s Spirit never woke`);
      }
      for (const [n, what] of REMINDERS.entries()) await speak(ctx, homes[n % 2]!, `remind me to ${what} in 2 seconds`);
      await speak(ctx, homes[0]!, "We should book flights to Tokyo for April.");
      for (const home of homes) await waitFor(home, spiritSays("nudge: "), 60_000);
      await spiritsCaughtUp(homes);
      await speak(ctx, homes[1]!, "yes");
      for (const home of homes) await waitFor(home, spiritSays("spawn: open-page"), 60_000);
      const expected = REMINDERS.length + 1;
      for (const home of homes) {
        let starts = 0;
        await waitFor(home, (e) => e.kind === "agent" && e.status === "start" && ++starts === expected, 60_000);
      }
      // Agents outlive world up: let them end before their world is removed.
      for (const home of homes) {
        let ended = 0;
        await waitFor(home, (e) => e.kind === "agent" && (e.status === "finish" || e.status === "failed") && ++ended === expected, 60_000);
      }
      await spiritsCaughtUp(homes);

      let doubled = 0;
      let missing = 0;
      for (const home of homes) {
        const all = entries(home);
        const count = (match: (e: Located) => boolean) => all.filter(match).length;
        for (const what of REMINDERS) {
          const n = count((e) => spiritSays("spawn: reminder")(e) && e.output.includes(`remind me to ${what} in`));
          doubled += Math.max(0, n - 1);
          missing += n === 0 ? 1 : 0;
        }
        for (const prefix of ["nudge: ", "spawn: open-page"]) {
          const n = count(spiritSays(prefix));
          doubled += Math.max(0, n - 1);
          missing += n === 0 ? 1 : 0;
        }
        const starts = new Map<string, number>();
        for (const e of all) if (e.kind === "agent" && e.status === "start") starts.set(e.id, (starts.get(e.id) ?? 0) + 1);
        for (const n of starts.values()) doubled += Math.max(0, n - 1);
      }
      return { attacks: expected + 1, linesLost: 0, linesForged: 0, verdictsDoubled: doubled, verdictsMissing: missing, unapprovedCommands: 0, notes: "doubled/missing: Spirit decisions and agent starts" };
    } finally {
      for (const up of ups) up.kill("SIGTERM");
      await Promise.all(ups);
      await nats.stop();
      nats.remove();
    }
  },
};
export default attack;
