/**
 * Programs cannot judge, nor answer in a person's place (docs/trust.md): a verdict
 * (`verified`) is the Verifier's or a person's, a forced `retry` a person's, and a failed
 * agent goes back to work on a person's answer only — never on MCP `respond`, which a
 * model calls. Real CLI, real MCP server over stdio, real Verifier and agents.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const offline = { env: { ANTHROPIC_API_KEY: "" } };
const statuses = (id: string) => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "agent" && e.id === id).map((e) => (e.kind === "agent" ? e.status : ""));
const launches = (id: string) => collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.id === id && /^spawned pid \d+ \(attempt \d+\)/.test(e.output)).length;

async function mcpRespond(home: string, id: string, text: string): Promise<string[]> {
  const transport = new StdioClientTransport({ command: "node", args: [WORLD_BIN, "--home", home, "mcp"], env: { PATH: process.env.PATH ?? "" }, stderr: "ignore" });
  const client = new Client({ name: "program-verdicts-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const r = await client.callTool({ name: "respond", arguments: { session_id: id, text } });
    return (r.content as { text: string }[]).map((c) => c.text);
  } finally {
    await client.close();
  }
}

describe("verdicts", () => {
  it("`world agent verified --force` from a program is refused (exit 3, nothing written); a person may", async () => {
    w = tempWorld();
    await world(w.home, ["agent", "start", "v1", "task | need: file exists never.txt"]);
    const before = readFileSync(w.paths.log);
    const forced = await world(w.home, ["agent", "verified", "v1", "done, trust me", "--force"]);
    expect(forced.exitCode).toBe(3);
    expect(forced.stderr).toMatch(/^world: refused verified for session v1: expected a verdict from the Verifier or a person \(a terminal, --as-human, the monitor\), received one from a program \(program\); finish the session and the Verifier judges it$/);
    expect(readFileSync(w.paths.log).equals(before)).toBe(true);
    // An agent cannot claim to be a person either.
    const agent = await world(w.home, ["--as-human", "agent", "verified", "v1", "x", "--force"], { env: { WORLD_SESSION_ID: "v1" } });
    expect(agent.exitCode).toBe(2);
    expect(readFileSync(w.paths.log).equals(before)).toBe(true);
    expect((await world(w.home, ["--as-human", "agent", "verified", "v1", "a person looked", "--force"])).exitCode).toBe(0);
    expect(statuses("v1")).toEqual(["start", "verified"]);
  });

  it("a program's `verified` after its own finish is refused: the Verifier judges the finish", async () => {
    w = tempWorld();
    await world(w.home, ["agent", "start", "v2", "task | need: file exists never.txt"]);
    await world(w.home, ["agent", "finish", "v2", "done"]);
    const self = await world(w.home, ["agent", "verified", "v2", "I checked it myself"]);
    expect(self.exitCode).toBe(3);
    await world(w.home, ["verify", "--once"], offline);
    expect(statuses("v2")).toEqual(["start", "finish", "retry"]);
  });

  it("a program cannot force a retry of a failed session, nor answer for a person with `world respond`", async () => {
    w = tempWorld();
    await world(w.home, ["agent", "start", "r1", "task | need: n"]);
    await world(w.home, ["agent", "failed", "r1", "stuck", "--need", "a password"]);
    const forced = await world(w.home, ["agent", "retry", "r1", "again", "--force"]);
    expect(forced.exitCode).toBe(3);
    expect(forced.stderr).toMatch(/^world: refused a forced retry for session r1: expected a person's answer .* received --force from a program \(program\)$/);
    const answered = await world(w.home, ["respond", "r1", "the password is hunter2"]);
    expect(answered.exitCode).toBe(0);
    expect(answered.stderr).toMatch(/a program's answer does not send it back to work: a person must answer/);
    expect((await world(w.home, ["agent", "retry", "r1", "again"])).exitCode).toBe(3);
    expect(statuses("r1")).toEqual(["start", "failed"]);
  });
});

describe("relaunching a failed agent", () => {
  it("MCP respond relaunches nothing; a person's answer relaunches it once", async () => {
    w = tempWorld();
    const spawned = await world(w.home, ["spawn", "--id", "f1", "task | need: file exists never.txt", "--", "/bin/false"]);
    expect(spawned.exitCode).toBe(0);
    await waitForEntry(w.paths, (e) => e.kind === "agent" && e.id === "f1" && e.status === "failed", { what: "f1's failure" });
    const said = await mcpRespond(w.home, "f1", "try again");
    expect(said.at(-1)).toMatch(/^warning: session f1 is failed and a program's answer does not send it back to work/);
    await world(w.home, ["verify", "--once"], offline);
    expect(statuses("f1")).toEqual(["start", "failed"]);
    expect(launches("f1")).toBe(1);

    expect((await world(w.home, ["--as-human", "respond", "f1", "try again"])).exitCode).toBe(0);
    await world(w.home, ["verify", "--once"], offline);
    expect(statuses("f1").slice(0, 3)).toEqual(["start", "failed", "retry"]);
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "f1" && /^spawned pid \d+ \(attempt 2\)/.test(e.output), { what: "f1's second attempt" });
    // Its end is noted before the world is removed (the agent is /bin/false: at once).
    await waitForEntry(w.paths, (e) => e.kind === "event" && e.id === "f1" && /attempt 2\) exited/.test(e.output), { what: "the end of f1's second attempt" });
  });
});

describe("ids that only look like others", () => {
  it("an argument with the byte 0xff (read as U+FFFD) is refused, exit 2", async () => {
    w = tempWorld();
    // Only a shell can hand a program an argument that is not UTF-8.
    const r = await execa("sh", ["-c", 'exec "$0" "$1" --home "$2" event bash "$(printf "a\\377b")" hello', process.execPath, WORLD_BIN, w.home], { reject: false });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/^world: invalid identifier: .*, received "a\\\\ufffdb"\n?$/);
  });
});
