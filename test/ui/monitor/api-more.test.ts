/**
 * The monitor endpoints a person acts from, against the real `world monitor` child process:
 * search over the whole log (paged, filtered, from the index), an agent's stdout/stderr
 * tail, the whole text of an attachment, and which daemons `world up` runs.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendOnce } from "../../../tools/world/append.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";
import { startMonitor, type Monitor } from "./harness.js";

let w: TempWorld;
let m: Monitor;

interface Page {
  entries: { line: number; id: string; output: string; source?: string; status?: string }[];
  next: number | null;
}

async function get(path: string, token = m.token): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const res = await fetch(new URL(path, m.origin), { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  w = tempWorld("world-monitor-act-");
  // 250 entries: far more than the page's 100 recent ones; every 10th mentions the needle.
  for (let i = 1; i <= 250; i += 1) {
    appendOnce(w.paths, { kind: "event", source: i % 2 === 0 ? "chrome" : "bash", id: `e-${i}`, output: i % 10 === 0 ? `found the needle ${i}` : `hay ${i}` });
  }
  appendOnce(w.paths, { kind: "agent", status: "start", id: "inv-1", output: "find invoice-march.pdf", need: "file exists invoice-march.pdf" });
  appendOnce(w.paths, { kind: "agent", status: "failed", id: "inv-1", output: "needle not found: " + "x".repeat(5000), need: "where the invoice is" });
  m = await startMonitor(w.home);
});

afterAll(async () => {
  if (m) expect(await m.stop()).toBe(0);
  w?.cleanup();
});

describe("GET /api/search: the whole log, paged newest first", () => {
  it("pages through every match, older pages by `before`, none twice", async () => {
    const seen: number[] = [];
    let next: number | null | undefined;
    for (let page = 0; page < 10 && next !== null; page += 1) {
      const r = await get(`/api/search?q=needle&limit=10${next ? `&before=${next}` : ""}`);
      expect(r.status).toBe(200);
      const body = r.body as Page;
      seen.push(...body.entries.map((e) => e.line));
      next = body.next;
    }
    // 25 needles among the events plus the failed line (its output on the line names it too).
    expect(seen).toHaveLength(26);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(26);
    expect(next).toBeNull();
  });

  it("filters by kind, label and id, with or without words", async () => {
    const failed = (await get("/api/search?kind=agent&label=failed")).body as Page;
    expect(failed.entries.map((e) => e.id)).toEqual(["inv-1"]);
    const chromeNeedles = (await get("/api/search?q=needle&kind=event&label=chrome&limit=500")).body as Page;
    expect(chromeNeedles.entries).toHaveLength(25); // every 10th is even, so chrome
    expect(chromeNeedles.entries.every((e) => e.source === "chrome")).toBe(true);
    const bash = (await get("/api/search?label=bash&limit=500")).body as Page;
    expect(bash.entries).toHaveLength(125);
    const one = (await get("/api/search?id=e-7")).body as Page;
    expect(one.entries.map((e) => e.output)).toEqual(["hay 7"]);
    // The oldest entry is reachable: not only the last 100.
    const all = (await get("/api/search?kind=event&before=4")).body as Page;
    expect(all.entries.map((e) => e.id)).toEqual(["e-2", "e-1", "world"]); // line 1: the log's format line
    expect(all.next).toBeNull();
    expect(((await get("/api/search?q=%22%29%28*")).body as Page).entries).toEqual([]); // never FTS syntax
  });

  it("refuses bad filters with one line, and needs the token", async () => {
    for (const bad of ["kind=task", "label=Not%20a%20label", "before=-1", "limit=0", "id=a%20b"]) {
      const r = await get(`/api/search?${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.error, bad).toMatch(/^invalid [a-z ]+: expected .+, received .+$/);
    }
    expect((await get("/api/search?q=needle", "x".repeat(43))).status).toBe(401);
  });
});

describe("GET /api/output/<id>: an agent's stdout and stderr", () => {
  it("gives the tail of each stream, and says when it is only the end", async () => {
    const dir = join(w.paths.logs, "agents");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "inv-1.err"), "é".repeat(40_000) + "\nENOENT: invoice-march.pdf\n"); // 80 KB of two-byte characters
    const r = await get("/api/output/inv-1");
    expect(r.status).toBe(200);
    expect(r.body.out).toEqual({ stream: "out", exists: false, bytes: 0, text: "", truncated: false });
    expect(r.body.err.exists).toBe(true);
    expect(r.body.err.truncated).toBe(true);
    expect(r.body.err.bytes).toBe(80_027);
    expect(r.body.err.text.endsWith("\nENOENT: invoice-march.pdf\n")).toBe(true);
    expect(r.body.err.text).not.toContain("\uFFFD"); // a cut character at the front is dropped, not garbled
  });

  it("never reads outside the agents' folder", async () => {
    writeFileSync(join(w.paths.logs, "secret.err"), "not an agent's\n");
    const r = await get(`/api/output/${encodeURIComponent("../secret")}`);
    expect(r.status).toBe(200);
    expect(r.body.err.exists).toBe(false);
    expect((await get("/api/output/inv-1", "x".repeat(43))).status).toBe(401);
  });
});

describe("GET /api/attachment/<name>", () => {
  it("gives the whole text the line holds only a prefix of", async () => {
    const failed = ((await get("/api/search?id=inv-1&kind=agent&label=failed")).body as Page).entries[0] as Page["entries"][0] & { outputRef?: string };
    expect(failed.outputRef).toMatch(/^attachments\//);
    const r = await get(`/api/attachment/${encodeURIComponent(failed.outputRef!.slice("attachments/".length))}`);
    expect(r.status).toBe(200);
    expect(r.body.text).toBe("needle not found: " + "x".repeat(5000));
    expect((await get(`/api/attachment/${encodeURIComponent("../monitor-token")}`)).status).toBe(400);
    expect((await get("/api/attachment/no-such-file")).status).toBe(404);
  });
});

describe("GET /api/brief/<name>: a meeting brief, from .world/briefs/ only, with the token", () => {
  it("gives the brief's text; refuses a path, a missing brief and a missing token", async () => {
    mkdirSync(join(w.paths.dir, "briefs"), { recursive: true });
    writeFileSync(join(w.paths.dir, "briefs", "mp1.md"), "# Meeting brief: Budget review\n- Notes:\n  Location: Room 4\n");
    const r = await get("/api/brief/mp1.md");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ref: "briefs/mp1.md", text: "# Meeting brief: Budget review\n- Notes:\n  Location: Room 4\n" });
    expect((await get(`/api/brief/${encodeURIComponent("../monitor-token")}`)).status).toBe(400);
    expect((await get(`/api/brief/${encodeURIComponent("../config.md")}`)).status).toBe(400);
    expect((await get("/api/brief/nope.md")).status).toBe(404);
    expect((await get("/api/brief/mp1.md", "wrong-token")).status).toBe(401);
  });
});

describe("GET /api/daemons: what `world up` runs, from .world/up-status.json", () => {
  it("says no daemon when `world up` never ran here", async () => {
    expect((await get("/api/daemons")).body).toEqual({ upRunning: false, upPid: null, daemons: [] });
  });

  it("running while `up` and the child live; not once `up` is gone", async () => {
    const since = "2026-11-22T10:02:11.000Z";
    const status = (upPid: number, childPid: number) =>
      writeFileSync(join(w.paths.dir, "up-status.json"), JSON.stringify({
        pid: upPid,
        children: [
          { name: "keeper", state: "running", pid: childPid, restarts: 0, since },
          { name: "spirit", state: "given-up", pid: null, restarts: 5, since, last: "exited with code 3" },
        ],
      }));
    status(process.pid, process.pid); // this test's own process: certainly alive
    const live = (await get("/api/daemons")).body;
    expect(live.upRunning).toBe(true);
    expect(live.daemons).toEqual([
      { name: "keeper", state: "running", running: true, pid: process.pid, since, restarts: 0 },
      { name: "spirit", state: "given-up", running: false, pid: null, since, restarts: 5, last: "exited with code 3" },
    ]);
    // A `world up` that was killed leaves its file behind: the pid no longer runs.
    const gone = await execa("node", ["-e", "process.stdout.write(String(process.pid))"]);
    status(Number(gone.stdout), process.pid);
    const dead = (await get("/api/daemons")).body;
    expect(dead.upRunning).toBe(false);
    expect(dead.daemons.map((d: { running: boolean; state: string }) => [d.running, d.state])).toEqual([[false, "stopped"], [false, "stopped"]]);
    // The CLI reads the same file (`world status`).
    const r = await world(w.home, ["status", "--json"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).daemons).toEqual(dead);
  });
});

describe("GET /api/sync: this machine's part of a synced world, as world status --json says it", () => {
  it("null without world sync; else the machine, the URL without credentials, the connection and the lines to send", async () => {
    expect((await get("/api/sync")).body).toBeNull();
    mkdirSync(join(w.paths.dir, "sync"), { recursive: true });
    writeFileSync(join(w.paths.dir, "sync", "nats.json"), JSON.stringify({ url: "nats://alice:pw@127.0.0.1:4222", stream: "WORLD", machine: "laptop" }));
    const lines = readFileSync(w.paths.log, "utf8").split("\n").length - 1;
    writeFileSync(join(w.paths.dir, "sync", "sent.json"), JSON.stringify({ offset: statSync(w.paths.log).size, line: lines }));
    appendOnce(w.paths, { kind: "event", source: "system", id: "sync", output: "sync on laptop: lost the server at nats://127.0.0.1:4222: working offline, lines are kept and sent when it is back" });
    appendOnce(w.paths, { kind: "event", source: "bash", id: "offline-1", output: "written while offline" });
    const body = (await get("/api/sync")).body;
    expect(body).toEqual({
      machine: "laptop", url: "nats://127.0.0.1:4222", stream: "WORLD", pid: null,
      last: { ts: expect.any(String), text: expect.stringMatching(/^lost the server at /) }, connection: "offline", unsentLines: 2, refusedChunks: 0,
    });
    const r = await world(w.home, ["status", "--json"]);
    expect(JSON.parse(r.stdout).sync).toEqual(body);
  });
});

describe("GET /api/attention counts the retries of this round", () => {
  it("since the person last answered, not every retry ever", async () => {
    const id = "round-1";
    const write = (status: "start" | "finish" | "retry" | "failed", output: string) => appendOnce(w.paths, { kind: "agent", status, id, output, ...(status === "failed" && { need: "where the invoice is" }) });
    write("start", "find the invoice");
    for (let i = 0; i < 3; i += 1) {
      write("finish", "not found");
      write("retry", "look elsewhere");
    }
    write("failed", "gave up");
    appendOnce(w.paths, { kind: "event", source: "user", id, output: "try the shared drive" });
    write("retry", "a person answered");
    write("finish", "still not found");
    write("retry", "look in Accounts");
    write("failed", "gave up again");
    const att = (await get("/api/attention")).body as { failed: { session: { id: string; retries: number }; roundRetries: number }[] };
    const item = att.failed.find((f) => f.session.id === id)!;
    expect(item.session.retries).toBe(5); // every retry ever, as `world query failed` says
    expect(item.roundRetries).toBe(2); // the answer's own retry and the Verifier's one after it
  });
});

describe("GET /api/proof: when the log last proved against its signed checkpoints", () => {
  it("null before any proof, then what `world verify-log` found", async () => {
    expect((await get("/api/proof")).body).toBeNull();
    expect((await world(w.home, ["verify-log"])).exitCode).toBe(0);
    expect((await get("/api/proof")).body).toMatchObject({ ok: true, by: "verify-log", checkpoints: expect.any(Number) });
  });
});
