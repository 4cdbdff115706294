/**
 * 8 concurrent `world agent finish s …` on each of 20 sessions: the lifecycle allows one
 * finish after a start, so exactly one may land per session and the rest be refused.
 * (With the check and the append apart, up to 5 landed: 30 sessions gave 46 finishes.)
 */
import { entries, world } from "./support.js";
import type { ChaosAttack } from "./types.js";

const SESSIONS = 20;
const WRITERS = 8;

const attack: ChaosAttack = {
  name: "concurrent finish (8 processes x 20 sessions)",
  async run(ctx) {
    const home = ctx.tmp();
    const ids = Array.from({ length: SESSIONS }, (_, i) => `cf-${i}`);
    for (const id of ids) await world(ctx, home, ["agent", "start", id, "task", "--need", "file exists x", "-q"]);
    let refused = 0;
    for (const id of ids) {
      const runs = await Promise.all(Array.from({ length: WRITERS }, (_, k) => world(ctx, home, ["agent", "finish", id, `done by ${k}`, "-q"])));
      refused += runs.filter((r) => r.exitCode === 3).length;
    }
    const finishes = new Map<string, number>();
    for (const e of entries(home)) if (e.kind === "agent" && e.status === "finish") finishes.set(e.id, (finishes.get(e.id) ?? 0) + 1);
    const forged = ids.reduce((n, id) => n + Math.max(0, (finishes.get(id) ?? 0) - 1), 0);
    const lost = ids.filter((id) => !finishes.has(id)).length;
    return { attacks: SESSIONS * WRITERS, linesLost: lost, linesForged: forged, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, notes: `${refused} refused (exit 3), ${forged} forbidden finishes landed` };
  },
};
export default attack;
