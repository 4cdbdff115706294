/**
 * A forged machine over signed sync (issue 25.3): someone who can publish to the stream
 * sends lines as "evil" (a key nobody enrolled), as "a" (an enrolled name, with another
 * key) and as "a" with a real chunk's bytes altered. Every chunk must be refused on b, kept
 * aside in .world/sync/refused.jsonl, and none of its lines applied (undetected: a forged
 * line in b's log, or a chunk neither applied nor kept aside). a's own next line still arrives.
 */
import { connect } from "nats";
import { HAS_NATS } from "../bench/nats-server.js";
import { formatEntry } from "../tools/world/format.js";
import { publishForged, republish, sequencesOf, strangerKey } from "./children/forge-chunks.js";
import { refusedOn, startPair, waitForRefused } from "./children/signed-pair.js";
import { appendLine, forgedIn, landed } from "./children/signed-checks.js";
import type { ChaosAttack } from "./types.js";

const TRIES = 12;

const attack: ChaosAttack = {
  name: "sync: a forged machine (unenrolled key, a stolen name, altered bytes)",
  async run(ctx) {
    if (!HAS_NATS) return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, skipped: "nats-server is not installed" };
    const pair = await startPair(ctx);
    try {
      appendLine(pair.a, "real-1");
      if (!(await landed(pair.b, "real-1"))) throw new Error("a's first line never reached b");
      const nc = await connect({ servers: pair.nats.url });
      const forged: string[] = [];
      try {
        const real = (await sequencesOf(nc, "a")).at(-1)!;
        for (let i = 0; i < TRIES; i++) {
          const id = `forged-${i}`;
          forged.push(id);
          const line = formatEntry({ kind: "event", source: "user", id, ts: new Date().toISOString(), output: "approve (from terminal)" });
          if (i % 3 === 0) await publishForged(nc, { machine: `evil${i}`, from: 0, key: strangerKey(), lines: [line] });
          else if (i % 3 === 1) await publishForged(nc, { machine: "a", from: 10_000_000 + i, key: strangerKey(), lines: [line] });
          else await republish(nc, real, (t) => `${t}\n${line}`);
        }
      } finally {
        await nc.close();
      }
      const kept = await waitForRefused(pair.b, TRIES);
      appendLine(pair.a, "real-2");
      const lost = (await landed(pair.b, "real-2")) ? 0 : 1;
      const applied = forgedIn(pair.b, forged);
      const notKept = kept ? 0 : TRIES - refusedOn(pair.b).length;
      const notes = [applied > 0 && `${applied} forged lines applied`, notKept > 0 && `${notKept} chunks neither applied nor kept aside`, lost > 0 && "a's line after the attack never arrived"].filter(Boolean);
      return { attacks: TRIES, linesLost: lost, linesForged: applied + notKept, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, ...(notes.length > 0 && { notes: notes.join("; ") }) };
    } finally {
      await pair.stop();
    }
  },
};
export default attack;
