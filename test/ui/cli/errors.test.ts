/**
 * Every user mistake: one line on stderr, the documented exit code, no stack trace, and
 * world.log byte for byte as it was.
 */
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { expectOneLineError, logBytes } from "./helpers.js";

let w: TempWorld;
let before: Buffer | null;

beforeAll(async () => {
  w = tempWorld();
  for (const args of [
    ["event", "bash", "cmd-1", "ls"],
    ["agent", "start", "s1", "a task", "--need", "a result"],
    ["agent", "active", "s1", "working"],
  ]) {
    expect((await world(w.home, args)).exitCode).toBe(0);
  }
  before = logBytes(w.paths);
});
afterAll(() => w.cleanup());

const USAGE: [string, string[], RegExp][] = [
  ["bad source", ["event", "Bash", "x", "out"], /invalid event source: expected .* received "Bash"/],
  ["source with a bracket", ["event", "bash]", "x", "out"], /invalid event source/],
  ["bad status", ["agent", "done", "s1", "out"], /invalid agent status: expected one of start, active, finish, verified, retry, failed, closed, received "done"/],
  ["id with a space", ["event", "bash", "a b", "out"], /invalid identifier: .* received "a b"/],
  ["id with ]", ["agent", "active", "s1]", "out"], /invalid session id: .* received "s1\]"/],
  ["id with a newline", ["event", "bash", "a\nb", "out"], /invalid identifier: .* received "a\\nb"/],
  ["need given twice", ["agent", "finish", "s1", "done | need: x", "--need", "y"], /need given twice/],
  ["unknown query type", ["query", "bogus"], /unknown query type: expected one of .* received "bogus"/],
  ["missing output", ["event", "bash", "x"], /missing required argument 'output'/],
  ["missing session id", ["agent", "start"], /missing required argument 'session-id'/],
  ["missing response text", ["respond", "s1"], /missing required argument 'text'/],
  ["missing query type", ["query"], /missing required argument 'type'/],
  ["missing session id to query", ["query", "agent"], /missing session id/],
  ["missing search text", ["query", "search"], /missing search text/],
  ["missing reader", ["check"], /missing required argument 'reader'/],
  ["unknown command", ["evnet", "bash", "x", "y"], /unknown command 'evnet' \(Did you mean event\?\)/],
  ["unknown option", ["query", "active", "--jsn"], /unknown option '--jsn' \(Did you mean --json\?\)/],
  ["unknown option on the write path", ["event", "bash", "x", "y", "--bogus"], /unknown option '--bogus'/],
  ["unknown option of index rebuild", ["index", "rebuild", "--bogus"], /unknown option '--bogus'/],
  ["unknown index subcommand", ["index", "bogus"], /unknown command 'bogus'/],
  ["--limit 0", ["query", "active", "--limit", "0"], /invalid --limit: expected a positive whole number, received "0"/],
  ["--limit not a number", ["query", "events", "--limit", "ten"], /invalid --limit/],
  ["--limit negative", ["query", "search", "x", "--limit=-5"], /invalid --limit/],
  ["recent N not a number", ["query", "recent", "many"], /invalid count for recent/],
  ["tail -n not a number", ["tail", "-n", "x"], /invalid --lines/],
  ["bad reader name", ["check", "Verifier"], /invalid reader name/],
  ["reader name with a path", ["check", "../x"], /invalid reader name/],
  ["empty response", ["respond", "s1", " "], /empty response/],
  ["--need without a value", ["agent", "finish", "s1", "x", "--need"], /option '--need <criteria>' argument missing/],
];

describe("usage mistakes exit 2", () => {
  it.each(USAGE)("%s", async (_name, args, pattern) => {
    const run = await world(w.home, args);
    expectOneLineError(run, 2, pattern);
    expect(logBytes(w.paths)).toEqual(before);
    expect(existsSync(w.paths.attachments)).toBe(false);
  });

  it("a --home that is a file", async () => {
    const run = await world(w.paths.log, ["event", "bash", "x", "y"]);
    expectOneLineError(run, 2, /invalid world home: expected a directory/);
    expect(logBytes(w.paths)).toEqual(before);
  });
});

describe("refused (3) and not found (4)", () => {
  it("a refused transition writes nothing", async () => {
    const run = await world(w.home, ["agent", "start", "s1", "again"]);
    expectOneLineError(run, 3, /refused transition for session s1: latest status active allows active, finish, failed, closed \(by a person: world close\), received start \(use --force to override\)/);
    expect(logBytes(w.paths)).toEqual(before);
  });

  it("an unknown session to respond to or to query", async () => {
    expectOneLineError(await world(w.home, ["respond", "nobody", "hello"]), 4, /unknown session/);
    expectOneLineError(await world(w.home, ["query", "agent", "nobody"]), 4, /unknown session/);
    expect(logBytes(w.paths)).toEqual(before);
  });

  it("reading a world that does not exist creates nothing", async () => {
    const missing = `${w.home}-missing`;
    for (const args of [["query", "active"], ["status"], ["check", "me"], ["tail"]]) {
      expectOneLineError(await world(missing, args), 4, /no world at .*-missing: expected an existing directory/);
    }
    expect(existsSync(missing)).toBe(false);
  });
});

it("help is not an error", async () => {
  const run = await world(w.home, ["--help"]);
  expect(run.exitCode).toBe(0);
  expect(run.stdout).toContain("Usage: world");
  expect((await world(w.home, ["query", "--help"])).exitCode).toBe(0);
});
