/**
 * A rewritten shared history over signed sync (issue 25.3): machine a's own key (a machine
 * taken over, or its owner) signs other lines for offsets of its log it already sent (a
 * changed line, a line removed, lines inserted), and chunks that do not follow the chain
 * b holds for a (a fork past a's end). Each must be refused on b as "rewritten", kept
 * aside; undetected: a rewritten line in b's log, or a chunk neither applied nor kept aside.
 */
import { connect } from "nats";
import { HAS_NATS } from "../bench/nats-server.js";
import { formatEntry } from "../tools/world/format.js";
import { publishForged, stolenKey } from "./children/forge-chunks.js";
import { refusedOn, startPair, waitForRefused } from "./children/signed-pair.js";
import { appendLine, forgedIn, landed } from "./children/signed-checks.js";
import type { ChaosAttack } from "./types.js";

const TRIES = 10;

const attack: ChaosAttack = {
  name: "sync: a rewritten shared history (a's key signs another past)",
  async run(ctx) {
    if (!HAS_NATS) return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, skipped: "nats-server is not installed" };
    const pair = await startPair(ctx);
    try {
      for (let i = 0; i < 3; i++) {
        appendLine(pair.a, `real-${i}`);
        if (!(await landed(pair.b, `real-${i}`))) throw new Error(`a's line ${i} never reached b`);
      }
      const key = stolenKey(pair.a);
      const nc = await connect({ servers: pair.nats.url });
      const marks: string[] = [];
      try {
        for (let i = 0; i < TRIES; i++) {
          const mark = `rewritten-${i}`;
          marks.push(mark);
          const line = formatEntry({ kind: "event", source: "bash", id: `real-${i % 3}`, ts: new Date().toISOString(), output: mark });
          // Even tries: other lines where a's log began; odd: a chain of its own, past a's end.
          await publishForged(nc, { machine: "a", from: i % 2 === 0 ? i * 10 : 50_000_000 + i, key, lines: [line] });
        }
      } finally {
        await nc.close();
      }
      const kept = await waitForRefused(pair.b, TRIES);
      appendLine(pair.a, "real-after");
      const lost = (await landed(pair.b, "real-after")) ? 0 : 1;
      const applied = forgedIn(pair.b, marks);
      const refused = refusedOn(pair.b);
      const notKept = kept ? 0 : TRIES - refused.length;
      const misnamed = refused.filter((r) => r.kind !== "rewritten").length;
      const notes = [applied > 0 && `${applied} rewritten lines applied`, notKept > 0 && `${notKept} chunks neither applied nor kept aside`, misnamed > 0 && `${misnamed} kept aside under another name`, lost > 0 && "a's line after the attack never arrived"].filter(Boolean);
      return { attacks: TRIES, linesLost: lost, linesForged: applied + notKept, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, ...(notes.length > 0 && { notes: notes.join("; ") }) };
    } finally {
      await pair.stop();
    }
  },
};
export default attack;
