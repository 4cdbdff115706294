/**
 * A Spirit behind the log (docs/spirit.md, "A Spirit behind the log"; issue 23): a backlog
 * written at once to a real Spirit process is heard as conversation, the latest line is
 * decided, and the requests in the rest are named in one line, not done.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import type { TempWorld } from "../../support/world.js";
import { outputs, spiritLines, useSpiritWorld, waitForCursor } from "../helpers.js";
import { BEHIND_LINES } from "../../../spirit/daemon/late.js";

/** Voice lines appended in one write: the Spirit reads them in one batch. */
function sayAtOnce(w: TempWorld, lines: [speaker: string, text: string][]): void {
  const appender = new Appender(w.paths);
  try {
    appender.appendMany(lines.map(([id, output]) => ({ kind: "event" as const, source: "voice", id, output })));
  } finally {
    appender.close();
  }
}

/** Chatter between the user and alice, with two of the user's requests inside it. */
function backlog(): [string, string][] {
  const lines: [string, string][] = [];
  for (let i = 0; i < BEHIND_LINES + 10; i++) lines.push(i % 2 === 0 ? ["alice", `how was the game on saturday, part ${i}?`] : ["user", `it was fun, we won ${i} to 2`]);
  lines[7] = ["user", "remind me to water the plants in 5 minutes"];
  lines[15] = ["user", "don't suggest flights"];
  lines[21] = ["user", "send 300 dollars to carol"];
  return lines;
}

describe("a Spirit behind the log", () => {
  const sw = useSpiritWorld();

  it("a backlog written at once: heard as conversation, its requests named in one line and not done, a preference kept, the latest line decided", async () => {
    await sw.start(["--brain", "offline"]);
    const lines = backlog();
    sayAtOnce(sw.w, [...lines, ["user", "world, send 200 dollars to bob"]]);
    await waitForCursor(sw.w.paths);
    const said = outputs(spiritLines(sw.w.paths));
    expect(said).toHaveLength(3);
    expect(said[0]).toMatch(/^preference: no nudges about flights \(heard user: "don't suggest flights"\)$/);
    expect(said[1]).toMatch(
      new RegExp(`^heard late: ${lines.length} line\\(s\\) reached up to \\d+ m?s after they were said, taken as conversation, not as requests; not done: "remind me to water the plants in 5 minutes", "send 300 dollars to carol"\\. Say again what you still want$`),
    );
    // The latest line is decided as if just said (said to the assistant by name: alice is in the conversation the backlog built).
    expect(said[2]).toMatch(/^nudge: .*\(heard user: "world, send 200 dollars to bob"\)/);
    expect(said.join("\n")).not.toMatch(/^spawn:/m);
  });

  it("the same backlog read again after a restart (the cursor lost) is named once", async () => {
    await sw.start(["--brain", "offline"]);
    sayAtOnce(sw.w, backlog());
    await waitForCursor(sw.w.paths);
    const before = outputs(spiritLines(sw.w.paths));
    expect(before.filter((o) => o.startsWith("heard late:"))).toHaveLength(1);
    expect((await sw.stop()).exitCode).toBe(0);
    rmSync(join(sw.w.paths.cursors, "spirit.json"));
    await sw.start(["--brain", "offline"]);
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual(before);
  });

  it("a few lines written at once, just said, are each decided as before", async () => {
    await sw.start(["--brain", "offline"]);
    sayAtOnce(sw.w, [
      ["user", "send 20 dollars to bob"],
      ["user", "send 30 dollars to carol"],
      ["user", "send 40 dollars to dave"],
    ]);
    await waitForCursor(sw.w.paths);
    const said = outputs(spiritLines(sw.w.paths));
    expect(said.some((o) => o.startsWith("heard late:"))).toBe(false);
    for (const who of ["20 dollars to bob", "30 dollars to carol", "40 dollars to dave"]) expect(said.some((o) => o.startsWith("nudge:") && o.includes(`(heard user: "send ${who}")`))).toBe(true);
  });
});
