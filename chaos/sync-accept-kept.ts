/**
 * Chunks kept aside, then accepted by a person (issue 25, `world sync accept`): b has not
 * enrolled a yet, so a's real chunks are refused and kept aside; meanwhile someone who can
 * publish to the stream sends, under a's name, chunks signed by another key, real chunks of
 * a's with their bytes altered, and real chunks of a's again. All are kept aside alike
 * ("not enrolled"). A program then tries to accept (must be refused), a person enrols a
 * and accepts: only a's real lines may be applied, each exactly once.
 * Undetected: a forged or altered line in b's log, a real line of a's twice, a program's
 * accept that went through; lost: a real line of a's missing after the accept, or a's line
 * after it not arriving once world sync runs again.
 */
import type { ResultPromise } from "execa";
import { connect } from "nats";
import { HAS_NATS, startNats } from "../bench/nats-server.js";
import { formatEntry } from "../tools/world/format.js";
import { publishForged, republish, sequencesOf, strangerKey } from "./children/forge-chunks.js";
import { refusedOn, waitForRefused } from "./children/signed-pair.js";
import { appendLine, forgedIn, landed } from "./children/signed-checks.js";
import { daemon, entries, waitFor, world } from "./support.js";
import type { ChaosAttack } from "./types.js";

const REAL = 6;
const TRIES = 9;

const attack: ChaosAttack = {
  name: "sync: chunks kept aside, accepted by a person (forged, altered and replayed ones among them)",
  async run(ctx) {
    if (!HAS_NATS) return { attacks: 0, linesLost: 0, linesForged: 0, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: 0, skipped: "nats-server is not installed" };
    const nats = await startNats();
    const [a, b] = [ctx.tmp(), ctx.tmp()];
    const sync = (home: string, machine: string) => daemon(ctx, home, ["sync", "--nats", nats.url, "--machine", machine, "--insecure"]);
    const procs: ResultPromise[] = [sync(a, "a")];
    let syncB = sync(b, "b");
    procs.push(syncB);
    try {
      for (const [home, m] of [[a, "a"], [b, "b"]] as const) {
        if (!(await waitFor(home, (e) => e.id === "sync" && e.output.startsWith(`sync on ${m}: connected`), 60_000))) throw new Error(`world sync on ${m} never connected`);
      }
      // a's real lines, a chunk each, every one refused on b (a is not enrolled there).
      for (let i = 0; i < REAL; i++) {
        appendLine(a, `real-${i}`);
        const deadline = Date.now() + 60_000;
        while (!refusedOn(b).some((r) => r.lines.some((l) => l.includes(`[real-${i}]`)))) {
          if (Date.now() > deadline) throw new Error(`a's line ${i} was never kept aside on b`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      const before = refusedOn(b).length;
      const nc = await connect({ servers: nats.url });
      const forged: string[] = [];
      try {
        const real = await sequencesOf(nc, "a");
        for (let i = 0; i < TRIES; i++) {
          const id = `forged-${i}`;
          const line = formatEntry({ kind: "event", source: "user", id, ts: new Date().toISOString(), output: "approve (from terminal)" });
          if (i % 3 === 0) {
            forged.push(id);
            await publishForged(nc, { machine: "a", from: 10_000_000 + i, key: strangerKey(), lines: [line] });
          } else if (i % 3 === 1) {
            forged.push(id);
            await republish(nc, real[i % real.length]!, (t) => `${t}\n${line}`);
          } else await republish(nc, real[i % real.length]!);
        }
      } finally {
        await nc.close();
      }
      const kept = await waitForRefused(b, before + TRIES);
      const notKept = kept ? 0 : before + TRIES - refusedOn(b).length;

      const program = await world(ctx, b, ["sync", "accept", "a"], { stdin: "ignore" });
      const programThrough = program.exitCode === 3 ? 0 : 1;
      syncB.kill("SIGTERM");
      await syncB;
      const key = String((await world(ctx, a, ["sync", "--machine", "a", "key"])).stdout).trim().split(" ")[0]!;
      const enrolled = await world(ctx, b, ["--as-human", "sync", "--machine", "b", "enroll", key, "--name", "a"]);
      if (enrolled.exitCode !== 0) throw new Error(`world sync enroll failed: ${String(enrolled.stderr)}`);
      const accepted = await world(ctx, b, ["--as-human", "sync", "accept", "a"]);
      if (accepted.exitCode !== 3) throw new Error(`world sync accept: expected exit 3 (forged chunks not accepted), received ${accepted.exitCode}: ${String(accepted.stderr)}`);

      const counts = new Map<string, number>();
      for (const e of entries(b)) if (e.id.startsWith("real-")) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
      const doubled = [...counts.values()].filter((n) => n > 1).length;
      const missing = REAL - counts.size;
      const applied = forgedIn(b, forged);

      syncB = sync(b, "b");
      procs.push(syncB);
      appendLine(a, "real-after");
      const lost = (await landed(b, "real-after")) ? 0 : 1;
      const notes = [
        applied > 0 && `${applied} forged or altered lines applied`,
        doubled > 0 && `${doubled} real lines applied twice`,
        notKept > 0 && `${notKept} chunks neither applied nor kept aside`,
        programThrough > 0 && `a program's accept was not refused (exit ${program.exitCode})`,
        missing > 0 && `${missing} real lines of a's not applied by the accept`,
        lost > 0 && "a's line after the accept never arrived",
      ].filter(Boolean);
      return { attacks: TRIES + 1, linesLost: missing + lost, linesForged: applied + doubled + notKept, verdictsDoubled: 0, verdictsMissing: 0, unapprovedCommands: programThrough, ...(notes.length > 0 && { notes: notes.join("; ") }) };
    } finally {
      for (const p of procs) p.kill("SIGTERM");
      await Promise.all(procs);
      await nats.stop();
      nats.remove();
    }
  },
};
export default attack;
