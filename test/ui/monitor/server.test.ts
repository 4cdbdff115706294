/**
 * The monitor's HTTP surface, against the real `world monitor` child process: who may
 * write, the shapes of the JSON (the same as `world query --json`), the live feed, the
 * security headers, the token file, and a graceful stop with a page still connected.
 */
import { readFileSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownLines, tempWorld, world, type TempWorld } from "../../support/world.js";
import { startMonitor, type Monitor } from "./harness.js";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** node:http, so that Host and Origin can be anything a hostile page or client would send. */
function call(m: Monitor, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const url = new URL(path, m.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const auth = (m: Monitor) => ({ Authorization: `Bearer ${m.token}` });
const jsonLines = (text: string) => text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));

let w: TempWorld;
let m: Monitor;

async function cli(...args: string[]) {
  const r = await world(w.home, args);
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
}

beforeAll(async () => {
  w = tempWorld("world-monitor-http-");
  await cli("agent", "start", "s-1", "summarise the inbox | need: five bullet points");
  await cli("agent", "start", "s-2", "rename the photos | need: every photo renamed");
  await cli("agent", "finish", "s-2", "renamed 120 photos");
  await cli("agent", "start", "s-3", "pay the bill | need: a receipt");
  await cli("agent", "failed", "s-3", "stuck", "--need", "the bank wants a one-time code");
  await cli("event", "spirit", "n-1", "nudge: Shall I water the plants?");
  await cli("event", "spirit", "n-2", "nudge: Call mum back?");
  await cli("respond", "n-2", "later");
  m = await startMonitor(w.home);
});

afterAll(async () => {
  if (m) expect(await m.stop()).toBe(0);
  w?.cleanup();
});

describe("writes are refused without the token, from a foreign origin, or on GET", () => {
  const body = JSON.stringify({ id: "s-3", text: "here is the code: 123456" });
  const refusals: [string, () => Promise<Answer>, number][] = [
    ["no token", () => call(m, "POST", "/api/respond", { "Content-Type": "application/json" }, body), 401],
    ["a wrong token", () => call(m, "POST", "/api/respond", { "Content-Type": "application/json", Authorization: "Bearer " + "x".repeat(43) }, body), 401],
    ["a foreign Origin", () => call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json", Origin: "http://evil.example" }, body), 403],
    ["a look-alike Origin", () => call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json", Origin: `${m.origin}.evil.example` }, body), 403],
    ["GET", () => call(m, "GET", `/api/respond?id=s-3&text=hello`, auth(m)), 405],
    ["a form post", () => call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/x-www-form-urlencoded" }, "id=s-3&text=hello"), 415],
    ["a DNS-rebinding Host", () => call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json", Host: `evil.example:${new URL(m.origin).port}` }, body), 421],
  ];
  for (const [what, send, status] of refusals) {
    it(`refuses ${what} with ${status} and writes nothing`, async () => {
      const before = readFileSync(w.paths.log);
      const r = await send();
      expect(r.status).toBe(status);
      expect(r.json().error).toMatch(/^[^\n]+$/);
      expect(readFileSync(w.paths.log).equals(before)).toBe(true);
    });
  }

  it("reads need the token too, and so does the live feed", async () => {
    expect((await call(m, "GET", "/api/active")).status).toBe(401);
    expect((await call(m, "GET", "/events")).status).toBe(401);
    expect((await call(m, "GET", "/events?token=wrong")).status).toBe(401);
  });
});

describe("answers", () => {
  it("writes exactly the line `world respond` writes, from our own origin", async () => {
    const r = await call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json", Origin: m.origin }, JSON.stringify({ id: "s-3", text: "the code is 123456 | need: nothing" }));
    expect(r.status).toBe(200);
    const { line, entry } = r.json();
    const last = readFileSync(w.paths.log, "utf8").trimEnd().split("\n").at(-1);
    expect(last).toBe(line);
    // Escaped like every field: the text cannot fake a `| need:` part.
    expect(line).toBe(`[${entry.ts}][event:user][s-3] the code is 123456 \\| need: nothing (from monitor)`);
    expect(entry.output).toBe("the code is 123456 | need: nothing (from monitor)");
    // A person at the CLI, given the same words, writes the same line but for the time and the writer.
    const cliLine = (await cli("--as-human", "respond", "s-3", "the code is 123456 | need: nothing")).stdout.trim();
    expect(cliLine.replace(/^\[[^\]]+\]/, "")).toBe(line.replace(/^\[[^\]]+\]/, "").replace("(from monitor)", "(from terminal)"));
  });

  it("reports the CLI's one-line messages with matching statuses", async () => {
    const post = (body: unknown) => call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json" }, JSON.stringify(body));
    const unknown = await post({ id: "nope", text: "hi" });
    expect(unknown.status).toBe(404);
    const cliUnknown = await world(w.home, ["respond", "nope", "hi"]);
    expect(cliUnknown.exitCode).toBe(4);
    expect(`world: ${unknown.json().error}`).toBe(cliUnknown.stderr.trim());
    expect(unknown.json().exitCode).toBe(4);

    const empty = await post({ id: "s-3", text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json().error).toMatch(/^empty response: /);
    expect((await post({ id: "bad id", text: "x" })).status).toBe(400);
    expect((await post({ text: "no id" })).status).toBe(400);
    expect((await call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json" }, "{not json")).status).toBe(400);
  });

  it("warns when the session is not failed, and still writes", async () => {
    const r = await call(m, "POST", "/api/respond", { ...auth(m), "Content-Type": "application/json" }, JSON.stringify({ id: "s-1", text: "take your time" }));
    expect(r.status).toBe(200);
    expect(r.json().warning).toBe("session s-1 is start, not failed: the response was logged anyway");
  });
});

describe("the JSON has the shapes of `world query --json`", () => {
  for (const state of ["active", "pending", "failed", "verified"]) {
    it(`/api/${state}`, async () => {
      const api = await call(m, "GET", `/api/${state}`, auth(m));
      expect(api.status).toBe(200);
      expect(api.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(api.json()).toEqual(jsonLines((await cli("query", state, "--json")).stdout));
    });
  }

  it("/api/recent?n= and /api/session/:id", async () => {
    expect((await call(m, "GET", "/api/recent?n=4", auth(m))).json()).toEqual(jsonLines((await cli("query", "recent", "4", "--json")).stdout));
    const s = (await call(m, "GET", "/api/session/s-3", auth(m))).json();
    expect(s.history).toEqual(jsonLines((await cli("query", "agent", "s-3", "--json")).stdout));
    expect(s.session).toEqual(jsonLines((await cli("query", "failed", "--json")).stdout).find((x) => x.id === "s-3"));
    expect(s.session.blocker).toBe("the bank wants a one-time code");
    expect((await call(m, "GET", "/api/session/nobody", auth(m))).status).toBe(404);
    expect((await call(m, "GET", "/api/recent?n=zero", auth(m))).status).toBe(400);
    expect((await call(m, "GET", "/api/nothing-here", auth(m))).status).toBe(404);
  });

  it("/api/nudges lists the unanswered ones; /api/attention adds failed agents and their answers", async () => {
    const nudges = (await call(m, "GET", "/api/nudges", auth(m))).json();
    expect(nudges.map((n: { id: string }) => n.id)).toEqual(["n-1"]);
    expect(nudges[0]).toEqual(jsonLines((await cli("query", "agent", "n-1", "--json")).stdout)[0]);
    const att = (await call(m, "GET", "/api/attention", auth(m))).json();
    expect(att.nudges).toEqual(nudges);
    expect(att.failed.map((f: { session: { id: string } }) => f.session.id)).toEqual(["s-3"]);
    expect(att.failed[0].answer?.source).toBe("user");
    expect(att.warnings).toEqual([]);
  });

  it("/api/attention warns while the Keeper's latest disk line says low, and not once it says ok", async () => {
    const low = await cli("event", "system", "keeper-disk", "low: 812 MiB free of 251.9 GiB (0%) where world.log lives (/w), below the 1024 MiB the Keeper warns at");
    expect(low.exitCode).toBe(0);
    await cli("event", "spirit", "keeper-disk", "needs you: disk low: …"); // the Spirit's notice under the same id is not the Keeper's word
    const att = (await call(m, "GET", "/api/attention", auth(m))).json();
    expect(att.warnings.map((e: { output: string }) => e.output)).toEqual([expect.stringMatching(/^low: 812 MiB free/)]);
    await cli("event", "system", "keeper-disk", "ok: 5.0 GiB free of 251.9 GiB (2%) where world.log lives (/w), above the 1024 MiB the Keeper warns at");
    expect((await call(m, "GET", "/api/attention", auth(m))).json().warnings).toEqual([]);
  });
});

describe("the page and its headers", () => {
  it("serves the page with a strict CSP and no inline script", async () => {
    const page = await call(m, "GET", "/");
    expect(page.status).toBe(200);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.text).not.toMatch(/\son[a-z]+=/i);
    for (const file of ["/app.js", "/render.js", "/presence.js", "/style.css"]) {
      const r = await call(m, "GET", file);
      expect(r.status, file).toBe(200);
      expect(r.headers["content-security-policy"]).toBe(csp);
    }
    expect((await call(m, "GET", "/../package.json")).status).toBe(404);
    expect((await call(m, "POST", "/", auth(m))).status).toBe(405);
  });

  it("keeps the token in .world/monitor-token, mode 0600, the same on every start", async () => {
    const file = `${w.paths.dir}/monitor-token`;
    expect(readFileSync(file, "utf8").trim()).toBe(m.token);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(m.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("the live feed", () => {
  it("sends each appended entry as EntryJson, and the stream ends cleanly when the monitor stops", async () => {
    const w2 = tempWorld("world-monitor-sse-");
    const m2 = await startMonitor(w2.home);
    try {
      const res = await fetch(`${m2.origin}/events?token=${m2.token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = res.body!.getReader();
      let text = "";
      const read = async (until: (t: string) => boolean) => {
        while (!until(text)) {
          const { value, done } = await reader.read();
          if (done) return false;
          text += Buffer.from(value).toString("utf8");
        }
        return true;
      };
      await read((t) => t.includes("retry:"));
      await world(w2.home, ["event", "voice", "mic", "line one\nline two"]);
      await world(w2.home, ["agent", "start", "a-1", "a task", "--need", "done"]);
      // The new log's format line first (an entry like any other), then the two.
      await read((t) => (t.match(/event: entry/g) ?? []).length >= 3);
      const events = text.split("\n\n").filter((b) => b.startsWith("event: entry"));
      const parsed = events.map((b) => ({ id: /^id: (\d+)$/m.exec(b)![1], data: JSON.parse(/^data: (.*)$/m.exec(b)![1]!) }));
      const expected = jsonLines((await world(w2.home, ["query", "recent", "3", "--json"])).stdout);
      expect(parsed.map((p) => p.data)).toEqual(expected);
      expect(parsed.map((p) => p.id)).toEqual(["1", "2", "3"]);

      // Graceful stop with the page still connected: the stream ends, the process exits 0.
      expect(await m2.stop()).toBe(0);
      expect(await read(() => false)).toBe(false);
    } finally {
      m2.proc.kill("SIGKILL");
      w2.cleanup();
    }
  });

  it("a second signal stops it at once, even with a request still in flight", async () => {
    const w3 = tempWorld("world-monitor-force-");
    await world(w3.home, ["event", "spirit", "n-1", "nudge: tea?"]);
    const m3 = await startMonitor(w3.home);
    try {
      // A POST whose body never finishes: a graceful stop waits for it.
      const socket = connect(Number(new URL(m3.origin).port), "127.0.0.1");
      socket.on("error", () => {}); // reset when the monitor is killed: expected
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(`POST /api/respond HTTP/1.1\r\nHost: ${new URL(m3.origin).host}\r\nAuthorization: Bearer ${m3.token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id":`);
      let err = "";
      const stopping = new Promise<void>((resolve) =>
        m3.proc.stderr!.on("data", (c: Buffer) => {
          err += c.toString();
          if (err.includes("monitor stopping")) resolve();
        }),
      );
      m3.proc.kill("SIGTERM");
      await stopping;
      m3.proc.kill("SIGTERM");
      expect((await m3.proc).exitCode).toBe(143); // 128 + SIGTERM
      socket.destroy();
      expect(ownLines(readFileSync(w3.paths.log, "utf8"))).toHaveLength(1); // nothing written but the nudge (and the format line)
    } finally {
      m3.proc.kill("SIGKILL");
      w3.cleanup();
    }
  });

  it("refuses a port in use with a one-line message and exit 2", async () => {
    const port = new URL(m.origin).port;
    const r = await world(w.home, ["monitor", "--port", port]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr.trim()).toBe(`world: port in use: expected a free port for --port, received ${port} (try --port 0 for any free port)`);
    const bad = await world(w.home, ["monitor", "--port", "http"]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^world: invalid --port: /);
  });
});
