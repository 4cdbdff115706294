import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { ownGroupAlive, procStat } from "../../../tools/process/identity.js";
import { terminate, terminateChild, terminateGroups } from "../../../tools/process/terminate.js";

/** A process group of its own (node leading it), ready once it has said so on stdout. */
async function group(script: string): Promise<{ child: ChildProcess; pgid: number; startTicks: number }> {
  const child = spawn(process.execPath, ["-e", script], { detached: true, stdio: ["ignore", "pipe", "ignore"] });
  await once(child.stdout!, "data");
  return { child, pgid: child.pid!, startTicks: procStat(child.pid!)!.startTicks };
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) {
    try {
      process.kill(-c.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

describe("terminate: SIGTERM, wait, SIGKILL", () => {
  it("a group that ends on SIGTERM is not killed; one that ignores it is, after the grace period", async () => {
    const polite = await group(`process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    const stubborn = await group(`process.on("SIGTERM", () => {}); process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    children.push(polite.child, stubborn.child);
    const said: string[] = [];
    const started = Date.now();
    const { killed } = await terminateGroups([polite, stubborn], { graceMs: 400, onSignal: (g, s) => said.push(`${s} ${g === polite ? "polite" : "stubborn"}`) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(killed).toEqual([stubborn]);
    expect(said).toEqual(["SIGTERM polite", "SIGTERM stubborn", "SIGKILL stubborn"]);
    await Promise.all([polite, stubborn].map((g) => (g.child.exitCode !== null || g.child.signalCode !== null ? undefined : once(g.child, "exit"))));
    expect(polite.child.signalCode).toBe("SIGTERM");
    expect(stubborn.child.signalCode).toBe("SIGKILL");
    expect(ownGroupAlive(stubborn.pgid, stubborn.startTicks)).toBe(false);
  });

  it("returns as soon as everything has ended, well before the grace period", async () => {
    const polite = await group(`process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    children.push(polite.child);
    const started = Date.now();
    expect((await terminateGroups([polite], { graceMs: 20_000 })).killed).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("a group whose leader's start time does not match is never signalled", async () => {
    const other = await group(`process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    children.push(other.child);
    const said: string[] = [];
    await terminateGroups([{ pgid: other.pgid, startTicks: other.startTicks + 1 }], { graceMs: 50, onSignal: (_g, s) => said.push(s) });
    expect(said).toEqual([]);
    expect(ownGroupAlive(other.pgid, other.startTicks)).toBe(true);
  });

  it("works on any target given how to look and how to signal", async () => {
    const running = new Set(["a", "b"]);
    const { killed } = await terminate(["a", "b"], {
      graceMs: 30,
      alive: (t) => running.has(t),
      signal: (t, s) => {
        if (!running.has(t)) return false;
        if (s === "SIGKILL" || t === "a") running.delete(t);
        return true;
      },
    });
    expect(killed).toEqual(["b"]);
    expect(running.size).toBe(0);
  });

  it("terminateChild: a child that ends on SIGTERM is not killed; one that ignores it is, after the grace period", async () => {
    const polite = await group(`process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    const stubborn = await group(`process.on("SIGTERM", () => {}); process.stdout.write("up\\n"); setInterval(() => {}, 1000);`);
    children.push(polite.child, stubborn.child);
    const stop = (c: ChildProcess) => terminateChild(once(c, "exit"), (s) => c.kill(s), 400);
    expect(await stop(polite.child)).toBe(false);
    expect(polite.child.signalCode).toBe("SIGTERM");
    expect(await stop(stubborn.child)).toBe(true);
    expect(stubborn.child.signalCode).toBe("SIGKILL");
  });
});
