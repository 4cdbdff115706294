/**
 * The nudges from the index (tools/world/asks/nudges.ts): the open ones are folded only from
 * the questions recent enough to be open, by the longest expiry the Spirit announced,
 * and that shortcut gives what the whole fold gives.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { afterEach, expect, it } from "vitest";
import { openIndex } from "../../../../tools/world/index-db.js";
import { allNudges, nudgesIn } from "../../../../tools/world/asks/nudges.js";
import { tempWorld, type TempWorld } from "../../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const NOW = Date.parse("2026-11-22T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const H = 3_600_000;

it("open nudges: the same as the whole fold's open ones, with a long expiry announced and a short one after it", () => {
  w = tempWorld();
  mkdirSync(w.home, { recursive: true });
  writeFileSync(
    w.paths.log,
    [
      `[${ago(100 * H)}][event:spirit][spirit] awake: offline brain, user speaker "user", reading from line 1, nudges expire after 3d`,
      `[${ago(50 * H)}][event:spirit][n-two-days] nudge: Asked two days ago, under a 3-day expiry?`,
      `[${ago(49 * H)}][event:user][n-two-days] maybe later (from terminal)`,
      `[${ago(40 * H)}][event:spirit][n-answered] nudge: Answered?`,
      `[${ago(39 * H)}][event:user][n-answered] yes (from terminal)`,
      `[${ago(10 * H)}][event:spirit][spirit] awake: offline brain, user speaker "user", reading from line 5, nudges expire after 1h`,
      `[${ago(2 * H)}][event:spirit][n-expired] nudge: Asked two hours ago, under a 1-hour expiry?`,
      `[${ago(60_000)}][event:spirit][n-now] nudge: Asked a minute ago?`,
      "",
    ].join("\n"),
  );
  const index = openIndex(w.paths);
  try {
    index.catchUp();
    const all = allNudges(index, NOW);
    expect(Object.fromEntries(all.map((n) => [n.id, n.state]))).toEqual({ "n-two-days": "open", "n-answered": "answered", "n-expired": "expired", "n-now": "open" });
    expect(nudgesIn(index, "open", 100, NOW)).toEqual(all.filter((n) => n.state === "open"));
    expect(nudgesIn(index, "open", 1, NOW).map((n) => n.id)).toEqual(["n-now"]); // the latest N
  } finally {
    index.close();
  }
});
