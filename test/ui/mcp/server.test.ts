/**
 * `world mcp` over a real stdio connection: the SDK's own Client and StdioClientTransport
 * start `node dist/bin/world.js --home <tmp> mcp` and call every tool.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import { CallToolResultSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempWorld, WORLD_BIN, world, type TempWorld } from "../../support/world.js";

type ToolResult = { isError?: boolean; content: { type: string; text: string }[] };

let w: TempWorld;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

async function tool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}
const text = (r: ToolResult) => r.content[0]!.text;
const logLines = () => readFileSync(w.paths.log, "utf8").trimEnd().split("\n");
const LINE_TS = String.raw`^\[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\]`;

beforeAll(async () => {
  w = tempWorld("world-mcp-");
  transport = new StdioClientTransport({
    command: "node",
    args: [WORLD_BIN, "--home", w.home, "mcp"],
    env: { PATH: process.env.PATH ?? "" },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (c: Buffer) => (stderr += c.toString()));
  client = new Client({ name: "world-test", version: "1.0.0" });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
  w?.cleanup();
});

describe("world mcp", () => {
  it("introduces itself and lists its five tools with their schemas", async () => {
    expect(client.getServerVersion()?.name).toBe("world");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["check", "log_agent_status", "log_event", "query", "respond"]);
    const status = tools.find((t) => t.name === "log_agent_status")!;
    expect(status.inputSchema.required?.sort()).toEqual(["output", "session_id", "status"]);
    expect((status.inputSchema.properties as Record<string, { enum?: string[] }>).status?.enum).toEqual(["start", "active", "finish", "verified", "retry", "failed"]);
    const query = tools.find((t) => t.name === "query")!;
    expect((query.inputSchema.properties as Record<string, { enum?: string[] }>).type?.enum).toEqual(["active", "pending", "failed", "verified", "closed", "nudges", "events", "agent", "recent", "search"]);
    // Every argument says what it is; the readers say they only read; the tool set is fixed.
    for (const t of tools) {
      for (const [name, schema] of Object.entries(t.inputSchema.properties as Record<string, { description?: string }>)) {
        expect(schema.description, `${t.name}.${name}`).toMatch(/\w{3}/);
      }
    }
    const annotations = Object.fromEntries(tools.map((t) => [t.name, t.annotations?.readOnlyHint]));
    expect(annotations).toEqual({ check: true, query: true, log_event: false, log_agent_status: false, respond: false });
    expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
    expect(tools.find((t) => t.name === "respond")!.description).toContain("(from mcp)");
  });

  it("says on stderr which world it serves", () => {
    expect(stderr.split("\n")[0]).toBe(`world mcp: serving the world at ${w.home} (no world.log yet: the first write creates it)`);
  });

  it("a tools/call with bad params is -32602 in one sentence (the SDK's client sees the code)", async () => {
    const call = (params: unknown) => client.request({ method: "tools/call", params } as never, CallToolResultSchema).then(() => undefined, (e: McpError) => e);
    const noName = await call({ arguments: {} });
    expect(noName?.code).toBe(-32602);
    expect(noName?.message).toBe('MCP error -32602: invalid params for tools/call: expected params {"name": "<tool>", "arguments": {…}}, received no name');
    const array = await call({ name: "log_event", arguments: ["bash", "x", "y"] });
    expect(array?.code).toBe(-32602);
    expect(array?.message).toBe('MCP error -32602: invalid arguments for tool "log_event": expected an object of named arguments, received an array ["bash","x","y"]');
  });

  it("a request over 10 MiB from the SDK's client (id after params) is answered with its id", async () => {
    const error = await client.callTool({ name: "log_event", arguments: { source: "system", identifier: "big", output: "x".repeat(11 * 1024 * 1024) } }).then(() => undefined, (e: McpError) => e);
    expect(error?.code).toBe(-32600);
    expect(error?.message).toMatch(/request too large: expected at most 10485760 bytes/);
    expect((await tool("query", { type: "recent", arg: "1" })).isError).toBeFalsy(); // still serving
  });

  it("log_event appends the line and returns it", async () => {
    const r = await tool("log_event", { source: "bash", identifier: "job-1", output: "ran make\nexit 0" });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toMatch(new RegExp(`${LINE_TS}\\[event:bash\\]\\[job-1\\] ran make\\\\nexit 0$`));
    expect(logLines().at(-1)).toBe(text(r));
  });

  it("log_agent_status follows the lifecycle, with the CLI's refusals as tool errors", async () => {
    const start = await tool("log_agent_status", { status: "start", session_id: "m-1", output: "summarise the inbox", need: "five bullets" });
    expect(text(start)).toMatch(new RegExp(`${LINE_TS}\\[agent:start\\]\\[m-1\\] summarise the inbox \\| need: five bullets$`));
    expect(logLines().at(-1)).toBe(text(start));

    const before = readFileSync(w.paths.log);
    const refused = await tool("log_agent_status", { status: "verified", session_id: "m-1", output: "looks done" });
    expect(refused.isError).toBe(true);
    const cli = await world(w.home, ["agent", "verified", "m-1", "looks done"]);
    expect(cli.exitCode).toBe(3);
    expect(`world: ${text(refused)}`).toBe(cli.stderr.trim());
    expect(text(refused)).toBe("refused transition for session m-1: latest status start allows active, finish, failed, closed (by a person: world close), received verified (use --force to override)");
    expect(readFileSync(w.paths.log).equals(before)).toBe(true);

    // A verdict is the Verifier's or a person's: MCP never writes one, forced or not (docs/trust.md).
    const forcedVerdict = await tool("log_agent_status", { status: "verified", session_id: "m-1", output: "forced", force: true });
    expect(forcedVerdict.isError).toBe(true);
    expect(text(forcedVerdict)).toMatch(/^refused verified for session m-1: expected a verdict from the Verifier or a person .* received one from a program \(mcp\)/);
    expect(readFileSync(w.paths.log).equals(before)).toBe(true);
    const forced = await tool("log_agent_status", { status: "finish", session_id: "m-1", output: "forced", force: true });
    expect(forced.isError).toBeFalsy();
    expect(logLines().at(-1)).toMatch(/\[agent:finish\]\[m-1\] forced$/);
    const cliVerdict = await world(w.home, ["--as-human", "agent", "verified", "m-1", "a person looked"]);
    expect(cliVerdict.exitCode).toBe(0);

    await tool("log_agent_status", { status: "start", session_id: "m-2", output: "pay the bill", need: "a receipt" });
    const failed = await tool("log_agent_status", { status: "failed", session_id: "m-2", output: "stuck", need: "the bank wants a code" });
    expect(failed.isError).toBeFalsy();
  });

  it("refuses bad arguments: zod for types, the CLI's messages for values", async () => {
    const before = readFileSync(w.paths.log);
    const badStatus = await tool("log_agent_status", { status: "done", session_id: "m-9", output: "x" });
    expect(badStatus.isError).toBe(true);
    // zod checks types and sets, in the CLI's words, one line per wrong argument.
    expect(text(badStatus)).toMatch(/invalid agent status: expected one of start, active, finish, verified, retry, failed, received "done" at status$/);
    const missing = await tool("log_event", { source: "bash", identifier: "x" });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/invalid output: expected a string, received nothing at output$/);
    const badSource = await tool("log_event", { source: "Bash!", identifier: "x", output: "y" });
    expect(badSource.isError).toBe(true);
    expect(text(badSource)).toBe('invalid event source: expected a lower-case name (letter, then letters, digits, \'-\' or \'_\', at most 32), received "Bash!"');
    const badId = await tool("log_event", { source: "bash", identifier: "two words", output: "y" });
    expect(text(badId)).toMatch(/^invalid identifier: /);
    expect(readFileSync(w.paths.log).equals(before)).toBe(true);
  });

  it("check hands a reader what it has not seen, once (unless peek)", async () => {
    const peek = await tool("check", { reader: "mcp-reader", peek: true });
    const peeked = JSON.parse(text(peek)) as { id: string; line: number }[];
    expect(peeked.length).toBe(logLines().length);
    const first = JSON.parse(text(await tool("check", { reader: "mcp-reader" })));
    expect(first).toEqual(peeked);
    expect(JSON.parse(text(await tool("check", { reader: "mcp-reader" })))).toEqual([]);
    await tool("log_event", { source: "voice", identifier: "mic", output: "hello there" });
    const next = JSON.parse(text(await tool("check", { reader: "mcp-reader" })));
    expect(next.map((e: { output: string }) => e.output)).toEqual(["hello there"]);
    // The same cursor the CLI uses.
    expect((await world(w.home, ["check", "mcp-reader", "--json"])).stdout).toBe("");
    const bad = await tool("check", { reader: "Bad Reader" });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^invalid reader name: /);
  });

  it("check hands a long backlog over in pieces of `limit`, saying when more remain", async () => {
    const all = JSON.parse(text(await tool("check", { reader: "piecewise", peek: true }))) as { line: number }[];
    expect(all.length).toBeGreaterThan(2);
    const pieces: { line: number }[][] = [];
    for (;;) {
      const answer = await tool("check", { reader: "piecewise", limit: 2 });
      const piece = JSON.parse(text(answer)) as { line: number }[];
      const more = (answer.content as { text: string }[]).slice(1).some((c) => /^warning: more entries remain after these 2/.test(c.text));
      pieces.push(piece);
      if (!more) break;
      expect(piece).toHaveLength(2);
    }
    expect(pieces.flat()).toEqual(all);
    expect(pieces.length).toBe(Math.ceil(all.length / 2));
    const bad = await tool("check", { reader: "piecewise", limit: 0 });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/invalid limit: expected a positive whole number, received 0/);
  });

  it("query answers with the shapes of `world query --json`", async () => {
    const jsonLines = (s: string) => s.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const cases: [Record<string, unknown>, string[]][] = [
      [{ type: "active" }, ["query", "active", "--json"]],
      [{ type: "failed" }, ["query", "failed", "--json"]],
      [{ type: "verified" }, ["query", "verified", "--json"]],
      [{ type: "pending" }, ["query", "pending", "--json"]],
      [{ type: "events", arg: "bash" }, ["query", "events", "bash", "--json"]],
      [{ type: "agent", arg: "m-2" }, ["query", "agent", "m-2", "--json"]],
      [{ type: "recent", arg: "3" }, ["query", "recent", "3", "--json"]],
      [{ type: "search", arg: "inbox" }, ["query", "search", "inbox", "--json"]],
    ];
    for (const [args, cli] of cases) {
      const r = await tool("query", args);
      expect(r.isError, JSON.stringify(args)).toBeFalsy();
      expect(JSON.parse(text(r)), JSON.stringify(args)).toEqual(jsonLines((await world(w.home, cli)).stdout));
    }
    expect(JSON.parse(text(await tool("query", { type: "failed" })))[0]).toMatchObject({ id: "m-2", blocker: "the bank wants a code" });
    const unknown = await tool("query", { type: "agent", arg: "nobody" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe('unknown session: expected an id that appears in world.log, received "nobody"');
    expect((await tool("query", { type: "recent", arg: "many" })).isError).toBe(true);
    expect((await tool("query", { type: "everything" })).isError).toBe(true);
  });

  it("query says when a parked session wakes (parkedUntil), null for the others", async () => {
    const wake = new Date(Date.now() + 3_600_000).toISOString();
    expect((await tool("log_agent_status", { status: "start", session_id: "nap-1", output: "check the page hourly", need: "event chrome logged" })).isError).toBeFalsy();
    expect((await tool("log_agent_status", { status: "active", session_id: "nap-1", output: `sleep until ${wake} — next check` })).isError).toBeFalsy();
    const active = JSON.parse(text(await tool("query", { type: "active" }))) as { id: string; parkedUntil: string | null }[];
    expect(active.find((s) => s.id === "nap-1")?.parkedUntil).toBe(wake);
    expect(active.filter((s) => s.id !== "nap-1").every((s) => s.parkedUntil === null)).toBe(true);
  });

  it("respond writes an answer, as `world respond` does, saying it came from MCP (never a person: docs/trust.md)", async () => {
    const r = await tool("respond", { session_id: "m-2", text: "the code is 123456" });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toMatch(new RegExp(`${LINE_TS}\\[event:user\\]\\[m-2\\] the code is 123456 \\(from mcp\\)$`));
    expect(logLines().at(-1)).toBe(text(r));
    const warned = await tool("respond", { session_id: "m-1", text: "thanks" });
    expect(warned.content.map((c) => c.text).at(-1)).toBe("warning: session m-1 is verified, not failed: the response was logged anyway");
    const unknown = await tool("respond", { session_id: "ghost", text: "hi" });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toBe('unknown session: expected the id of an agent or a Spirit nudge in world.log, received "ghost"');
    expect(stderr.trimEnd().split("\n")).toHaveLength(1); // only the line saying which world
  });
});

describe("world mcp on the wire", () => {
  it("writes nothing but JSON-RPC on stdout and exits 0 when the client closes stdin", async () => {
    const t = tempWorld("world-mcp-raw-");
    try {
      const messages = [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
        { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "query", arguments: { type: "recent" } } },
        { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "log_event", arguments: { source: "system", identifier: "raw", output: "hi" } } },
      ];
      const r = await execa("node", [WORLD_BIN, "--home", t.home, "mcp"], {
        input: messages.map((m) => JSON.stringify(m)).join("\n") + "\n",
        reject: false,
        timeout: 60_000,
      });
      expect(r.exitCode).toBe(0);
      const lines = r.stdout.split("\n");
      const parsed = lines.map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result?: unknown; error?: unknown });
      expect(parsed.every((m) => m.jsonrpc === "2.0")).toBe(true);
      expect(parsed.map((m) => m.id)).toEqual([1, 2, 3, 4]);
      expect(parsed.every((m) => m.error === undefined)).toBe(true);
      expect(readFileSync(t.paths.log, "utf8")).toMatch(/\[event:system\]\[raw\] hi\n$/);
    } finally {
      t.cleanup();
    }
  });

  it("a line that is not JSON is answered -32700 and the next request is served", async () => {
    const t = tempWorld("world-mcp-raw-");
    try {
      const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } };
      const input = [JSON.stringify(init), "this is not json {", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })].join("\n") + "\n";
      const r = await execa("node", [WORLD_BIN, "--home", t.home, "mcp"], { input, reject: false, timeout: 60_000 });
      expect(r.exitCode).toBe(0);
      const parsed = r.stdout.split("\n").map((l) => JSON.parse(l) as { id: number | null; error?: { code: number; message: string } });
      // Answers may come in any order (JSON-RPC pairs them by id): the refusal is written at once.
      expect(parsed.map((m) => m.id).sort()).toEqual([1, 2, null]);
      expect(parsed.find((m) => m.id === null)!.error).toEqual({ code: -32700, message: 'parse error: expected one JSON-RPC message per line, received "this is not json {"' });
    } finally {
      t.cleanup();
    }
  });

  it("without --home or WORLD_HOME, in a directory with no world: refuses in one line, creates nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "world-mcp-nohome-"));
    try {
      const r = await execa("node", [WORLD_BIN, "mcp"], { cwd: dir, input: "", reject: false, timeout: 60_000, env: { WORLD_HOME: "" } });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(`world: no world to serve: expected --home DIR or WORLD_HOME naming the world (an MCP client starts world mcp in a directory of its own choosing), received neither, and ${dir} holds no world.log`);
      expect(existsSync(join(dir, "world.log"))).toBe(false);
      expect(existsSync(join(dir, ".world"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("its stdout gone mid-answer: one line on stderr and exit 1", async () => {
    const t = tempWorld("world-mcp-pipe-");
    try {
      const child = execa("node", [WORLD_BIN, "--home", t.home, "mcp"], { reject: false, timeout: 60_000, buffer: { stdout: false } });
      child.stdout!.destroy(); // the client's read end vanishes
      child.stdin!.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } }) + "\n");
      const r = await child;
      expect(r.exitCode).toBe(1);
      expect(String(r.stderr).split("\n").at(-1)).toBe("world mcp: the client went away while an answer was being written (stdout closed); stopping");
    } finally {
      t.cleanup();
    }
  });

  it("answers a request over 10 MiB with a JSON-RPC error and serves the next one", async () => {
    const t = tempWorld("world-mcp-big-");
    try {
      const huge = { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "log_event", arguments: { source: "system", identifier: "big", output: "x".repeat(11 * 1024 * 1024) } } };
      const messages = [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        huge,
        { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "log_event", arguments: { source: "system", identifier: "after", output: "still here" } } },
      ];
      const r = await execa("node", [WORLD_BIN, "--home", t.home, "mcp"], {
        input: messages.map((m) => JSON.stringify(m)).join("\n") + "\n",
        reject: false,
        timeout: 60_000,
      });
      expect(r.exitCode).toBe(0);
      const parsed = r.stdout.split("\n").map((l) => JSON.parse(l) as { id: number | null; result?: unknown; error?: { code: number; message: string } });
      expect(parsed.map((m) => m.id)).toEqual([1, 7, 8]);
      expect(parsed[1]!.error).toEqual({ code: -32600, message: expect.stringMatching(/^request too large: expected at most 10485760 bytes/) });
      expect(parsed[2]!.error).toBeUndefined();
      const log = readFileSync(t.paths.log, "utf8");
      expect(log).toMatch(/\[event:system\]\[after\] still here\n$/);
      expect(log).not.toContain("[big]");
    } finally {
      t.cleanup();
    }
  });
});
