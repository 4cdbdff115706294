/**
 * A replayed chunk over signed sync (issue 25.3): every chunk a sent, published again as it
 * was (its signature still holds) under a new message id, so JetStream's duplicate window
 * does not drop it. b must refuse each (kept aside in .world/sync/refused.jsonl as
 * "replayed"); undetected: a line of a's twice in b's log, or a chunk neither applied nor kept aside.
 */
import { connect } from "nats";
import { HAS_NATS } from "../bench/nats-server.js";
import { republish, sequencesOf } from "./children/forge-chunks.js";
import { refusedOn, startPair, waitForRefused } from "./children/signed-pair.js";
import { appendLine, landed } from "./children/signed-checks.js";
import { entries } from "./support.js";
import type { ChaosAttack } from "./types.js";

const LINES = 10;

const attack: ChaosAttack = {
  name: "sync: a replayed chunk (a real signed chunk sent again)",
  async run(ctx) {
    if (!HAS_NATS) return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, skipped: "nats-server is not installed" };
    const pair = await startPair(ctx);
    try {
      // One line at a time: a chunk each.
      for (let i = 0; i < LINES; i++) {
        appendLine(pair.a, `real-${i}`);
        if (!(await landed(pair.b, `real-${i}`))) throw new Error(`a's line ${i} never reached b`);
      }
      const nc = await connect({ servers: pair.nats.url });
      let tries = 0;
      try {
        const seqs = await sequencesOf(nc, "a");
        for (const seq of seqs) {
          await republish(nc, seq);
          tries++;
        }
        await republish(nc, seqs[0]!); // the first one, a second time
        tries++;
      } finally {
        await nc.close();
      }
      const kept = await waitForRefused(pair.b, tries);
      appendLine(pair.a, "real-after");
      const lost = (await landed(pair.b, "real-after")) ? 0 : 1;
      const counts = new Map<string, number>();
      for (const e of entries(pair.b)) if (e.id.startsWith("real-")) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
      const doubled = [...counts.values()].filter((n) => n > 1).length;
      const refused = refusedOn(pair.b);
      const notKept = kept ? 0 : tries - refused.length;
      const misnamed = refused.filter((r) => r.kind !== "replayed").length;
      const notes = [doubled > 0 && `${doubled} lines applied twice`, notKept > 0 && `${notKept} replays neither applied nor kept aside`, misnamed > 0 && `${misnamed} replays kept aside under another name`, lost > 0 && "a's line after the attack never arrived"].filter(Boolean);
      return { attacks: tries, linesLost: lost, linesForged: doubled + notKept, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, ...(notes.length > 0 && { notes: notes.join("; ") }) };
    } finally {
      await pair.stop();
    }
  },
};
export default attack;
