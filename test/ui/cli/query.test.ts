/** `world query … --json`: latest-status semantics, history, events, recent, search. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryJson } from "../../../tools/world/json.js";
import type { SessionJson } from "../../../tools/world/query.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { jsonLines } from "./helpers.js";

let w: TempWorld;

const SCRIPT: string[][] = [
  ["event", "voice", "u1", "book a table at Luigi's for friday"],
  ["agent", "start", "done-1", "book Luigi's", "--need", "a confirmation number"], // start → active → finish: pending
  ["agent", "active", "done-1", "calling the restaurant"],
  ["agent", "finish", "done-1", "booked, confirmation 4711"],
  ["agent", "start", "busy-1", "compare electricity tariffs"], // still active
  ["agent", "active", "busy-1", "reading tariff tables"],
  ["agent", "start", "retry-1", "summarise the contract", "--need", "a one-page summary"], // two retries, working again
  ["agent", "finish", "retry-1", "it is long"],
  ["agent", "retry", "retry-1", "not a summary"],
  ["agent", "finish", "retry-1", "still long"],
  ["agent", "retry", "retry-1", "still not a summary"],
  ["agent", "active", "retry-1", "trying harder"],
  ["agent", "start", "fail-1", "renew the passport"],
  ["agent", "failed", "fail-1", "cannot continue", "--need", "the portal wants a photo upload"],
  ["agent", "start", "ok-1", "check the weather"],
  ["agent", "finish", "ok-1", "sunny, 21 degrees"],
  ["--as-human", "agent", "verified", "ok-1", "a forecast was given"],
  ["event", "bash", "done-1", "curl https://luigis.example/book"],
  ["event", "bash", "cmd-2", "grep -r \"NEAR\" notes/ -- AND OR NOT * (x) col:umn ^start"],
  ["event", "file", "f1", "notes/tariffs.md changed"],
];

beforeAll(async () => {
  w = tempWorld();
  for (const args of SCRIPT) {
    const run = await world(w.home, [...args, "-q"]);
    expect(run.exitCode, run.stderr).toBe(0);
  }
}, 120_000);
afterAll(() => w.cleanup());

async function q<T>(...args: string[]): Promise<T[]> {
  const run = await world(w.home, ["query", ...args, "--json"]);
  expect(run.stderr).toBe("");
  expect(run.exitCode).toBe(0);
  return jsonLines<T>(run.stdout);
}

describe("sessions by latest status", () => {
  it("start → active → finish is pending, not active", async () => {
    const pending = await q<SessionJson>("pending");
    expect(pending.map((s) => s.id)).toEqual(["done-1"]);
    expect(pending[0]).toEqual({
      id: "done-1", state: "pending", status: "finish", task: "book Luigi's", need: "a confirmation number", blocker: null,
      output: "booked, confirmation 4711", retries: 0, startedAt: expect.any(String), updatedAt: expect.any(String), line: 5, parkedUntil: null, machine: null,
    });
    expect((await q<SessionJson>("active")).map((s) => s.id)).toEqual(["busy-1", "retry-1"]);
  });

  it("retries are counted", async () => {
    const retry = (await q<SessionJson>("active")).find((s) => s.id === "retry-1")!;
    expect(retry).toMatchObject({ status: "active", retries: 2, task: "summarise the contract", need: "a one-page summary", output: "trying harder" });
  });

  it("failed shows the blocker", async () => {
    expect(await q<SessionJson>("failed")).toEqual([
      expect.objectContaining({ id: "fail-1", state: "failed", status: "failed", blocker: "the portal wants a photo upload", output: "cannot continue" }),
    ]);
  });

  it("verified", async () => {
    expect((await q<SessionJson>("verified")).map((s) => [s.id, s.output])).toEqual([["ok-1", "a forecast was given"]]);
  });

  it("--limit caps the rows", async () => {
    expect(await q<SessionJson>("active", "--limit", "1")).toHaveLength(1);
  });
});

describe("entries", () => {
  it("events, of one source", async () => {
    expect((await q<EntryJson>("events")).map((e) => e.id)).toEqual(["world", "u1", "done-1", "cmd-2", "f1"]); // the format line is an event (system) too
    const bash = await q<EntryJson>("events", "bash");
    expect(bash.map((e) => e.source)).toEqual(["bash", "bash"]);
    expect(bash[0]).toEqual({ line: 19, ts: expect.any(String), kind: "event", source: "bash", id: "done-1", output: "curl https://luigis.example/book" });
    expect(await q<EntryJson>("events", "calendar")).toEqual([]);
  });

  it("a longer answer than shown says how many more, on stderr (fast path and full CLI alike); --all shows every one", async () => {
    const r = await world(w.home, ["query", "events", "--limit", "2"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(String(r.stdout).trim().split("\n")).toHaveLength(2);
    expect(r.stderr).toBe("world: showing the latest 2 of 5 events: 3 more (--limit N for more, --all for every one)");
    const bash = await world(w.home, ["query", "events", "bash", "--limit", "1", "--json"]);
    expect(bash.stderr).toBe("world: showing the latest 1 of 2 bash events: 1 more (--limit N for more, --all for every one)");
    expect(jsonLines(bash.stdout)).toHaveLength(1);
    const search = await world(w.home, ["query", "search", "summary", "--limit", "1"]);
    expect(search.stderr).toMatch(/^world: showing the latest 1 of [2-9] matches: \d+ more \(--limit N for more, --all for every one\)$/);
    const all = await world(w.home, ["query", "search", "summary", "--all"]);
    expect(all.stderr).toBe("");
    expect(String(all.stdout).trim().split("\n").length).toBeGreaterThan(1);
    expect((await world(w.home, ["query", "events", "--all", "--json"])).stderr).toBe("");
    const both = await world(w.home, ["query", "events", "--all", "--limit", "3"]);
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toBe('world: both --all and --limit: expected one of them, received --all and --limit "3"');
  });

  it("agent <id>: the session's whole history, events that name it included, in log order", async () => {
    const history = await q<EntryJson>("agent", "done-1");
    expect(history.map((e) => [e.line, e.kind === "agent" ? e.status : e.source])).toEqual([[3, "start"], [4, "active"], [5, "finish"], [19, "bash"]]);
    expect(history[0]).toEqual({ line: 3, ts: expect.any(String), kind: "agent", status: "start", id: "done-1", output: "book Luigi's", need: "a confirmation number" });
    expect(history[1]).not.toHaveProperty("need");
  });

  it("recent N, in log order", async () => {
    expect((await q<EntryJson>("recent", "3")).map((e) => e.line)).toEqual([19, 20, 21]);
    expect(await q<EntryJson>("recent")).toHaveLength(SCRIPT.length);
  });

  it("search finds words in outputs and needs, newest last", async () => {
    expect((await q<EntryJson>("search", "luigi")).map((e) => e.line)).toEqual([2, 3, 19]); // line 1 is the format line
    expect((await q<EntryJson>("search", "confirmation")).map((e) => e.line)).toEqual([3, 5]); // a need, an output
    expect((await q<EntryJson>("search", "photo upload")).map((e) => e.id)).toEqual(["fail-1"]);
    expect((await q<EntryJson>("search", "tarif")).map((e) => e.id)).toEqual(["busy-1", "busy-1", "f1"]); // the last word is a prefix
    expect(await q<EntryJson>("search", "nothing-like-this")).toEqual([]);
  });

  it.each([
    ['"unbalanced quote'], ["*"], ["NEAR"], ["NEAR(a b)"], ["-"], ["a -b"], ["AND OR NOT"], ["col:umn"], ["^start"], ["(x)"], ["'"], ["\"\""], ["a\"b"], ["{curly}"], ["💥"],
  ])("search does not choke on FTS syntax: %s", async (text) => {
    const run = await world(w.home, ["query", "search", text, "--json"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    for (const e of jsonLines<EntryJson>(run.stdout)) expect(e).toHaveProperty("line");
  });

  it("search treats operator words as words", async () => {
    expect((await q<EntryJson>("search", "NEAR")).map((e) => e.id)).toEqual(["cmd-2"]);
    // A leading '-' is an option to the shell's eyes: after '--' it is text, and matches as a word.
    const run = await world(w.home, ["query", "search", "--json", "--", "-notes"]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(jsonLines<EntryJson>(run.stdout).map((e) => e.id)).toEqual(["cmd-2", "f1"]);
  });
});

describe("human output", () => {
  it("prints sessions and entries without escape sequences when not on a terminal", async () => {
    const run = await world(w.home, ["query", "failed"]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain("fail-1");
    expect(run.stdout).toContain("blocked: the portal wants a photo upload");
    expect(run.stdout).not.toContain("\x1b[");
    expect((await world(w.home, ["query", "pending", "--limit", "1"])).stdout).toContain("done-1");
  });
});
