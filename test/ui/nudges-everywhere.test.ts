/**
 * One state per nudge, the same everywhere (issue 12.6): `world query nudges` (a real
 * process), the MCP server's `query` (over stdio) and the monitor's API (the real child)
 * give each nudge the state of the fold in tools/world/asks/nudge-state.ts. A "maybe later"
 * leaves its nudge open, and so visible in all three.
 */
import { appendFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tempWorld, world, WORLD_BIN, type TempWorld } from "../support/world.js";
import { startMonitor, type Monitor } from "./monitor/harness.js";

let w: TempWorld;
let m: Monitor;
let client: Client;

async function cli(...args: string[]) {
  const r = await world(w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
}
const jsonLines = (text: string) => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as { id: string; state: string });
const states = (rows: { id: string; state: string }[]) => Object.fromEntries(rows.map((r) => [r.id, r.state]));

const EXPECTED = {
  "n-old": "expired", // asked long ago, never answered: past the expiry, whether or not the Spirit said so
  "n-said-expired": "expired",
  "n-yes": "answered",
  "n-no": "declined",
  "n-nah": "declined",
  "n-maybe": "open",
  "n-open": "open",
};

beforeAll(async () => {
  w = tempWorld("world-nudges-");
  await cli("event", "spirit", "n-said-expired", "nudge: Water the plants?");
  // A nudge from last year: its line as the Spirit wrote it then.
  appendFileSync(w.paths.log, "[2025-11-22T10:00:00.000Z][event:spirit][n-old] nudge: Renew the passport?\n");
  await cli("event", "spirit", "n-said-expired", "nudge expired: no answer within 10m; nothing done");
  for (const id of ["n-yes", "n-no", "n-nah", "n-maybe", "n-open"]) await cli("event", "spirit", id, `nudge: Question ${id}?`);
  await cli("--as-human", "respond", "n-yes", "yes please");
  await cli("--as-human", "respond", "n-no", "not this weekend, thanks");
  await cli("--as-human", "respond", "n-nah", "nah");
  await cli("--as-human", "respond", "n-maybe", "maybe later");
  m = await startMonitor(w.home);
  const transport = new StdioClientTransport({ command: "node", args: [WORLD_BIN, "--home", w.home, "mcp"], env: { PATH: process.env.PATH ?? "" } });
  client = new Client({ name: "world-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  if (m) expect(await m.stop()).toBe(0);
  w?.cleanup();
});

async function api(path: string): Promise<unknown> {
  const r = await fetch(new URL(path, m.origin), { headers: { Authorization: `Bearer ${m.token}` } });
  expect(r.status).toBe(200);
  return r.json();
}

async function mcpQuery(arg?: string): Promise<{ id: string; state: string }[]> {
  const r = (await client.callTool({ name: "query", arguments: { type: "nudges", ...(arg !== undefined && { arg }) } })) as { isError?: boolean; content: { text: string }[] };
  expect(r.isError, r.content[0]?.text).toBeFalsy();
  return JSON.parse(r.content[0]!.text);
}

it("the CLI, MCP and the monitor give every nudge the same state", async () => {
  const fromCli = jsonLines((await cli("query", "nudges", "all", "--json")).stdout);
  expect(states(fromCli)).toEqual(EXPECTED);
  expect(await mcpQuery("all")).toEqual(fromCli);
  expect(await api("/api/nudges?state=all")).toEqual(fromCli);
});

it("the open ones, a 'maybe later' among them, are what waits: in the CLI, MCP, /api/nudges and the monitor's Needs you", async () => {
  const open = jsonLines((await cli("query", "nudges", "--json")).stdout);
  expect(open.map((n) => n.id)).toEqual(["n-maybe", "n-open"]);
  expect(open[0]).toMatchObject({ state: "open", answers: [{ output: "maybe later (from terminal)", reads: "unclear" }] });
  expect(await mcpQuery()).toEqual(open);
  expect(await api("/api/nudges")).toEqual(open);
  expect(((await api("/api/attention")) as { nudges: unknown }).nudges).toEqual(open);
  const shown = (await cli("query", "nudges")).stdout;
  // People read the question, not the line's plumbing (no "nudge:" prefix).
  expect(shown).toMatch(/ n-maybe {2}Question n-maybe\?\n/);
  expect(shown).toMatch(/\n {4}open, expires in \d+ min · answer: world respond n-maybe yes\|no · last answer: "maybe later" \(neither yes nor no\)/);
});

it("each state on its own, and a state that does not exist refused in one line", async () => {
  for (const state of ["answered", "declined", "expired", "open"]) {
    const rows = jsonLines((await cli("query", "nudges", state, "--json")).stdout);
    expect(rows.map((r) => r.id).sort()).toEqual(Object.entries(EXPECTED).filter(([, s]) => s === state).map(([id]) => id).sort());
  }
  const bad = await world(w.home, ["query", "nudges", "later"]);
  expect(bad.exitCode).toBe(2);
  expect(bad.stderr).toBe('world: unknown nudge state: expected `world query nudges [state]` with state open, answered, declined, expired or all, received "later"');
});
