/**
 * Ids that are paths or hide characters, a spawn that cannot launch, an attachment
 * reference that climbs out of .world/attachments, text that displays as something else:
 * through the real CLI and the real Verifier.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, world, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const logText = () => (existsSync(w!.paths.log) ? readFileSync(w!.paths.log, "utf8") : "");

describe("hostile ids", () => {
  it.each([
    ["a path", "../../escaped", /^world: invalid session id: expected a name without '\/', '\\' and other than "\." or "\.\.", received "\.\.\/\.\.\/escaped"$/],
    ["a right-to-left override", "file\u202etxt.exe", /^world: invalid session id: .* invisible, format, private-use, unassigned or replacement characters .*, received "file\\\\u202etxt\.exe"$/],
    ["a zero-width space", "a\u200bb", /^world: invalid session id: .*, received "a\\\\u200bb"$/],
    ["a combining grapheme joiner (U+034F)", "h\u034fs", /^world: invalid session id: .*, received "h\\\\u034fs"$/],
    ["a Hangul filler (U+115F)", "h\u115fs", /^world: invalid session id: .*, received "h\\\\u115fs"$/],
    ["a Hangul filler (U+3164)", "\u3164", /^world: invalid session id: .*, received "\\\\u3164"$/],
    ["a braille blank (U+2800)", "h\u2800s", /^world: invalid session id: .*, received "h\\\\u2800s"$/],
    ["an ideographic space (U+3000)", "h\u3000s", /^world: invalid session id: .*, received "h\\\\u3000s"$/],
    ["a variation selector (U+FE0F)", "hs\ufe0f", /^world: invalid session id: .*, received "hs\\\\ufe0f"$/],
    ["a tag character (U+E0041)", "hs\u{e0041}", /^world: invalid session id: .*, received "hs\\\\u\{e0041\}"$/],
    ["a private-use character (U+E000)", "hs\ue000", /^world: invalid session id: .*, received "hs\\\\ue000"$/],
    ["a combining mark first", "\u0301hs", /^world: invalid session id: .*, received "\\\\u0301hs"$/],
  ])("spawn --id with %s is refused with exit 2, one line, and nothing written anywhere", async (_what, id, message) => {
    w = tempWorld();
    const r = await world(w.home, ["spawn", "--id", id, "task | need: n", "--", "true"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(logText()).toBe("");
    expect(readdirSync(w.home).filter((f) => f !== ".world")).toEqual([]);
    expect(existsSync(join(w.home, "..", "escaped.json"))).toBe(false);
  });

  it("event identifiers with bidirectional controls are refused too", async () => {
    w = tempWorld();
    const r = await world(w.home, ["event", "bash", "x\u2066y", "hello"]);
    expect(r.exitCode).toBe(2);
    expect(logText()).toBe("");
  });

  it("a spawn that cannot launch leaves its start followed by failed, not a ghost", async () => {
    w = tempWorld();
    mkdirSync(join(w.paths.dir, "logs"), { recursive: true });
    writeFileSync(join(w.paths.dir, "logs", "agents"), "a file where the agents' logs go");
    const r = await world(w.home, ["spawn", "--id", "s1", "task | need: n", "--", "true"]);
    expect(r.exitCode).not.toBe(0);
    const mine = collectEntries(w.paths.log).entries.filter((e) => e.id === "s1");
    expect(mine.map((e) => (e.kind === "agent" ? e.status : e.kind))).toEqual(["start", "failed"]);
    expect(mine[1]).toMatchObject({ output: expect.stringMatching(/^could not start .*true: /), need: "a command that can be started" });
  });
});

describe("hostile text", () => {
  it("the Verifier never follows ../ in an attachment reference", async () => {
    w = tempWorld();
    writeFileSync(join(w.home, "secret.txt"), "TOKEN-42");
    appendOnce(w.paths, { kind: "agent", status: "start", id: "s1", output: "task", need: 'output contains "TOKEN-42"' });
    // A hand-written line whose reference climbs out of .world/attachments to the secret.
    appendFileSync(w.paths.log, `[${new Date().toISOString()}][agent:finish][s1] done…\\[full: attachments/../../secret.txt]\n`);
    expect(collectEntries(w.paths.log).entries.at(-1)).toMatchObject({ status: "finish", outputRef: "attachments/../../secret.txt" });
    await world(w.home, ["verify", "--once"], { env: { ANTHROPIC_API_KEY: "" } });
    const verdict = collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.id === "s1").at(-1);
    expect(verdict).toMatchObject({ status: "retry", output: expect.stringMatching(/does not contain "TOKEN-42"/) });
  });

  it("bidirectional and invisible characters in log text are written and shown escaped, and read back as they were", async () => {
    w = tempWorld();
    const text = "file \u202etxt.exe\u200b";
    const r = await world(w.home, ["event", "file", "s1", text]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/\]\[event:file\]\[s1\] file \\u202etxt\.exe\\u200b$/);
    expect(logText()).toContain("file \\u202etxt.exe\\u200b\n");
    const tail = await world(w.home, ["tail", "-n", "1"]);
    expect(tail.stdout).toContain("\\u202e");
    expect(tail.stdout).not.toContain("\u202e");
    expect(collectEntries(w.paths.log).entries.at(-1)).toMatchObject({ output: text });
  });
});
