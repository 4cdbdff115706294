/**
 * Nudge lines read for people (tools/world/asks/nudge-line.ts): the question apart from the
 * plumbing, and quoted texts that need no backslash, so the log's own escaping never
 * doubles one (`\\"Design review with Dana\\"`).
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { quoteText, readNudgeLine, unquoteText } from "../../../../tools/world/asks/nudge-line.js";
import { formatEntry } from "../../../../tools/world/format.js";
import { say, readSpiritLine } from "../../../../spirit/daemon/lines.js";

describe("nudge lines", { timeout: 90_000 }, () => {
  it("quoteText: plain → \"…\", with quotes or backslashes → “…”, both kinds → JSON; always read back exactly", () => {
    expect(quoteText("call mom")).toBe('"call mom"');
    expect(quoteText('add "Design review with Dana" to my calendar')).toBe('“add "Design review with Dana" to my calendar”');
    expect(quoteText("C:\\temp")).toBe("“C:\\temp”");
    expect(quoteText('say “hi” and "bye"')).toBe(JSON.stringify('say “hi” and "bye"'));
    fc.assert(fc.property(fc.string({ unit: "binary" }), (s) => unquoteText(quoteText(s)) === s));
  });

  it("a spawn line with quotes in its task has no backslash in world.log, and reads back", () => {
    const output = say.spawn("reminder", 'remind me about "Design review with Dana" at 3', "user asked");
    const line = formatEntry({ kind: "event", ts: "2026-11-27T00:00:00.000Z", source: "spirit", id: "r-1", output });
    expect(line).toBe('[2026-11-27T00:00:00.000Z][event:spirit][r-1] spawn: reminder “remind me about "Design review with Dana" at 3” because user asked');
    expect(readSpiritLine(output)).toMatchObject({ type: "spawn", task: 'remind me about "Design review with Dana" at 3' });
    // A line an older Spirit wrote (JSON quotes) reads the same.
    expect(readSpiritLine(`spawn: reminder ${JSON.stringify('say "hi"')} because user asked`)).toMatchObject({ type: "spawn", task: 'say "hi"' });
  });

  it("the question apart from the words heard and what a yes starts", () => {
    const output = say.nudge("Want me to look it up?", "user", 'what is "https://example.org" about', { agentKind: "open-page", task: "open a search for it", need: 'output contains "https://"' });
    expect(output).not.toContain("\\");
    expect(readNudgeLine(output)).toEqual({ question: "Want me to look it up?", offer: { agentKind: "open-page", task: "open a search for it", need: 'output contains "https://"' } });
    expect(readNudgeLine("nudge: Your train leaves in 40 minutes. Shall I call a taxi?")).toEqual({ question: "Your train leaves in 40 minutes. Shall I call a taxi?" });
    expect(readSpiritLine(output)).toMatchObject({ type: "nudge", question: "Want me to look it up?", offer: { need: 'output contains "https://"' } });
  });
});
