import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { KEEPER_DEFAULTS } from "../../keeper/config.js";
import { sweep } from "../../keeper/sweep.js";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { ROOT, tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

// In the past, so that the Keeper's own lines (real time) are neither in the future nor out of order.
const T0 = Date.now() - 500 * 3_600_000;
const H = 3_600_000;
const at = (ms: number) => new Date(T0 + ms).toISOString();

function nudges(id: string) {
  return collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.source === "system" && e.id === id && e.output.startsWith("nudge: "));
}

describe("Keeper escalation", () => {
  it("nudges once per period about a failed session nobody answered, and stops once a human answers", async () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "agent", status: "start", id: "f1", output: "book the flat", need: "a booking", ts: at(0) });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "f1", output: "the site wants a login", need: "your login for the booking site", ts: at(H) });

    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 24 * H) }); // 23 h after the failure
    expect(nudges("f1")).toHaveLength(0);

    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 26 * H) });
    expect(nudges("f1")).toHaveLength(1);
    expect(nudges("f1")[0]!.output).toBe(
      'nudge: still waiting for you after 1 d 1 h: "book the flat" needs your login for the booking site. (answer: world respond f1 <text>)',
    );
    // Same period, again and again: no second nudge (idempotent).
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 30 * H) });
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 40 * H) });
    expect(nudges("f1")).toHaveLength(1);
    // Downtime of days: one more nudge, not one per missed period.
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 200 * H) });
    expect(nudges("f1")).toHaveLength(2);

    appendOnce(w.paths, { kind: "event", source: "user", id: "f1", output: "here it is", ts: at(201 * H) });
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 400 * H) });
    expect(nudges("f1")).toHaveLength(2);
  });

  it("runs the configured notify command with the nudge text", async () => {
    w = tempWorld();
    const out = join(w.home, "notified.txt");
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), JSON.stringify({ keeper: { notify: [process.execPath, join(ROOT, "test/fixtures/agents/record-args.mjs"), out], diskLowMiB: 0 } }));
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "f2", output: "stuck", need: "help", ts: at(0) });
    const { loadKeeperConfig } = await import("../../keeper/config.js");
    await sweep(w.paths, loadKeeperConfig(w.paths), { now: new Date(T0 + 25 * H) });
    const args = JSON.parse(readFileSync(out, "utf8"));
    expect(args).toHaveLength(1);
    // No start line, so no task words: the session is named by its id, never as "".
    expect(args[0]).toBe('still waiting for you after 1 d 1 h: "f2" needs help. (answer: world respond f2 <text>)');
  });

  it("says a question the Verifier left for a person as it is, with the task", async () => {
    w = tempWorld();
    appendOnce(w.paths, { kind: "agent", status: "start", id: "inv", output: "send the March invoice", need: "file exists invoice-march.pdf", ts: at(0) });
    appendOnce(w.paths, { kind: "agent", status: "failed", id: "inv", output: "invoice-march.pdf does not exist (after 4 tries) [judge: evidence]", need: "I could not find invoice-march.pdf after 4 tries. Where is it?", ts: at(H) });
    await sweep(w.paths, KEEPER_DEFAULTS, { now: new Date(T0 + 26 * H) });
    expect(nudges("inv").map((e) => e.output)).toEqual([
      'nudge: still waiting for you after 1 d 1 h: I could not find invoice-march.pdf after 4 tries. Where is it? (task "send the March invoice"; answer: world respond inv <text>)',
    ]);
  });
});
