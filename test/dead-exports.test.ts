/**
 * Every exported name is imported by the product (the source folders, the bench, chaos), or
 * is an entry point, or is one of the test seams listed below with why. An export nobody
 * imports is dead code, or a name that should be private to its file; one only the tests
 * import is product code kept for tests alone, unless it is an honest seam (a constant a
 * test must agree with, a pure step tested on its own). Either way an unlisted one misleads
 * whoever reads `export` as "used elsewhere". A type counts as used also when a used export
 * of its own file mentions it: it is part of that export's signature.
 */
import { describe, expect, it } from "vitest";
import { exportsOf, filesUnder, importsOf, namesMentioned, tsFiles, withExamples } from "./support/source-graph.js";

const SOURCE_FOLDERS = ["tools", "agents", "sync", "daemons", "keeper", "verifier", "spirit", "ui", "bin", "bench", "chaos"];

/** Names used by being loaded, not imported: entry points, each with why. */
const ENTRY_POINTS: { file: RegExp; name: string; why: string }[] = [
  { file: /^chaos\/[^/]+\.ts$/, name: "default", why: "chaos/main.ts loads every attack in chaos/ by its file name and runs its default export" },
];

/**
 * Exports the product does not import but the tests do, on purpose. Adding one here is a
 * decision: say why a test needs it rather than the product's own entry to it.
 */
const TEST_SEAMS: { file: string; names: string[]; why: string }[] = [
  { file: "ui/monitor/presence.ts", names: ["PRESENCE_STATES", "PresenceState", "LISTEN_MS", "SPARKLE_MS", "OpenWork", "Presence", "presenceOf"], why: "served to the browser as /presence.js (ui/monitor/static/app.js imports it there); the tests import the TypeScript" },
  { file: "agents/general/loop.ts", names: ["openingMessages", "readAnswer"], why: "the general agent's first messages and answer parsing, tested without a model" },
  { file: "agents/harness.ts", names: ["AgentEnvError", "readAgentEnv"], why: "what every agent reads from its environment, tested without starting one" },
  { file: "agents/web-watch/page.ts", names: ["pageText"], why: "a page's text as the watch compares it, tested on fixed HTML" },
  { file: "chaos/log-tampering.ts", names: ["moveOver", "checkpointedWorld", "Tampering", "TAMPERINGS"], why: "the chain tests tamper with a log the way the chaos attack does" },
  { file: "keeper/chain.ts", names: ["FULL_PROOF_EVERY_MS"], why: "the test moves the clock past it" },
  { file: "spirit/decide/conversation.ts", names: ["addressedByName"], why: "a pure step of who-spoke-to-whom, tested on its own" },
  { file: "spirit/eval/eval-commands.ts", names: ["evaluateCommands", "TARGETS", "parseCommands"], why: "the eval is a program; the tests run its scoring in-process" },
  { file: "spirit/eval/eval-conversations.ts", names: ["parseConversations"], why: "the eval is a program; the tests parse its input in-process" },
  { file: "spirit/intents/train.ts", names: ["linesDigest", "train"], why: "training is a program (npm run train:intents); the tests train a small model in-process" },
  { file: "sync/acked-publish.ts", names: ["ackError"], why: "a stream's acknowledgement read, tested on each shape (errors, field orders) without a server made to send each" },
  { file: "sync/auth.ts", names: ["natsAuth"], why: "credentials read from a URL, tested without a server" },
  { file: "sync/decisions.ts", names: ["receivedFrom"], why: "a pure step of who decides, tested on its own" },
  { file: "sync/machines.ts", names: ["enrolmentOutput"], why: "a signed peer in the tests writes its enrolment lines as a machine would" },
  { file: "spirit/daemon/late.ts", names: ["BEHIND_LINES", "BEHIND_MS"], why: "the tests speak just past what counts as behind" },
  { file: "tools/chrome/browser.ts", names: ["BrowserUnavailable", "launchBrowser"], why: "the browser tests start Chromium themselves" },
  { file: "tools/chrome/tools.ts", names: ["NoPageOpen"], why: "the tests check the refusal's kind" },
  { file: "tools/command/gate.ts", names: ["approvalNeed", "isApproved"], why: "the two halves of authorize, tested on their own" },
  { file: "tools/llm/provider.ts", names: ["DEFAULT_MODEL"], why: "the tests check the model asked for by default" },
  { file: "tools/llm/summarise.ts", names: ["SUMMARY_SYSTEM"], why: "the fake model API recognises a summary request by it" },
  { file: "tools/calendar/spoken-time.ts", names: ["mayHoldSpokenTime", "rewritten"], why: "the test checks spokenTimes' shortcut against the rewrites it skips" },
  { file: "tools/process/identity.ts", names: ["groupAlive"], why: "the tests look at a group that is not ours" },
  { file: "tools/process/lock.ts", names: ["lockDir"], why: "the tests plant a stale lock" },
  { file: "tools/world/append.ts", names: ["OUTPUT_LIMIT", "NEED_LIMIT"], why: "the tests write just past the limits" },
  { file: "tools/world/entry.ts", names: ["AGENT_STATUSES"], why: "property tests draw statuses from it" },
  { file: "tools/world/asks/nudge-state.ts", names: ["stateAt", "NudgeStep", "NudgeFold"], why: "the fold's steps, tested one by one" },
  { file: "tools/world/asks/nudges.ts", names: ["allNudges"], why: "the tests read every nudge back" },
  { file: "verifier/criteria.ts", names: ["words"], why: "a pure step of the offline judge, tested on its own" },
  { file: "verifier/model-judge.ts", names: ["verdictDigest"], why: "the test checks the digest the judge logs" },
  { file: "verifier/offline-judge.ts", names: ["contentWords"], why: "a pure step of the offline judge, tested on its own" },
];

/** `file:line name` for each export of `source` that none of `users` imports. */
function deadExports(source: string[], users: string[]): string[] {
  const used = new Map<string, Set<string> | "all">();
  for (const file of users) {
    for (const ref of importsOf(file)) {
      if (ref.target === undefined) continue;
      const seen = used.get(ref.target);
      if (ref.names === "all" || seen === "all") used.set(ref.target, "all");
      else used.set(ref.target, new Set([...(seen ?? []), ...ref.names]));
    }
  }
  const dead: string[] = [];
  for (const file of source) {
    const seen = used.get(file);
    if (seen === "all") continue;
    const exported = exportsOf(file);
    const live = new Set(exported.filter((e) => seen?.has(e.name) || ENTRY_POINTS.some((p) => p.file.test(file) && p.name === e.name)).map((e) => e.name));
    // Types mentioned by a live export are live, and what those mention, and so on.
    const types = new Map(exported.filter((e) => e.type).map((e) => [e.name, e]));
    const todo = exported.filter((e) => live.has(e.name));
    for (let e = todo.pop(); e !== undefined; e = todo.pop()) {
      for (const name of namesMentioned(e.node)) {
        const type = types.get(name);
        if (type !== undefined && !live.has(name)) {
          live.add(name);
          todo.push(type);
        }
      }
    }
    for (const e of exported) if (!live.has(e.name)) dead.push(`${file}:${e.line} ${e.name}`);
  }
  return dead;
}

const SOURCE = SOURCE_FOLDERS.flatMap(tsFiles);
// Tests, their helpers and their plain-JavaScript fixtures (which import the build).
const TESTS = filesUnder("test", [".ts", ".mjs", ".mts", ".js"]);
const USERS = [...SOURCE, ...TESTS];
const isSeam = (dead: string) => TEST_SEAMS.some((s) => dead.startsWith(`${s.file}:`) && s.names.includes(dead.slice(dead.indexOf(" ") + 1)));

describe("dead exports", () => {
  it("finds the source and its users (a walk that finds nothing would pass anything)", () => {
    expect(SOURCE.length).toBeGreaterThan(100);
    expect(USERS).toContain("test/fixtures/append-many.mjs");
  });

  it("every exported name is imported somewhere (source, tests, bench, chaos) or is an entry point", () => {
    expect(deadExports(SOURCE, USERS)).toEqual([]);
    for (const entry of ENTRY_POINTS) {
      expect(SOURCE.some((f) => entry.file.test(f) && exportsOf(f).some((e) => e.name === entry.name)), `entry point ${entry.file} ${entry.name} still exists`).toBe(true);
    }
  });

  it("every exported name is imported by the product, or is a listed test seam (and every seam is one)", () => {
    const productOnly = deadExports(SOURCE, SOURCE);
    expect(productOnly.filter((d) => !isSeam(d))).toEqual([]);
    // A seam the product now imports, or that is gone, comes off the list.
    const seams = TEST_SEAMS.flatMap((s) => s.names.map((n) => `${s.file} ${n}`));
    const found = productOnly.filter(isSeam).map((d) => `${d.slice(0, d.indexOf(":"))} ${d.slice(d.indexOf(" ") + 1)}`);
    expect(seams.filter((s) => !found.includes(s))).toEqual([]);
  });

  it("the check catches what it is for", () => {
    const files = {
      "tools/example.ts": [
        "export interface Shape { side: number }",
        "export interface Lone { x: number }",
        "export function area(s: Shape): number { return s.side ** 2; }",
        "export const unused = 1;",
        "export function helper(): number { return 2; }",
        "export { helper as renamed };",
      ].join("\n"),
      "tools/whole.ts": "export const a = 1; export const b = 2;",
      "test/example.test.ts": [
        'import { area } from "../tools/example.js";',
        'const { renamed } = await import("../tools/example.js");',
        'import * as whole from "../tools/whole.js";',
      ].join("\n"),
    };
    const dead = withExamples(files, () => deadExports(["tools/example.ts", "tools/whole.ts"], ["test/example.test.ts"]));
    expect(dead).toEqual(["tools/example.ts:2 Lone", "tools/example.ts:4 unused", "tools/example.ts:5 helper"]);
  });
});
