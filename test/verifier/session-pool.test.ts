/** The Verifier's pool: at most `limit` tasks at once, each session's tasks in order, stop runs nothing new. */
import { describe, expect, it } from "vitest";
import { SessionPool } from "../../verifier/session-pool.js";

/** A task that runs until released, recording when it started and ended. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("SessionPool", () => {
  it("runs at most `limit` sessions at once, and one session's tasks one after another, in order", async () => {
    const pool = new SessionPool(2, (e) => { throw e; });
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const gates = new Map<string, ReturnType<typeof gate>>();
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      events.push(`start ${name}`);
      const g = gate();
      gates.set(name, g);
      await g.opened;
      events.push(`end ${name}`);
      running--;
    };
    pool.submit("a", task("a1"));
    pool.submit("a", task("a2"));
    pool.submit("b", task("b1"));
    pool.submit("c", task("c1"));
    await expect.poll(() => events.length).toBe(2);
    expect(events).toEqual(["start a1", "start b1"]); // c waits for a slot; a2 waits for a1
    gates.get("b1")!.open();
    await expect.poll(() => events.includes("start c1")).toBe(true);
    expect(events).not.toContain("start a2");
    gates.get("a1")!.open();
    await expect.poll(() => events.includes("start a2")).toBe(true);
    gates.get("c1")!.open();
    await expect.poll(() => gates.has("a2")).toBe(true);
    gates.get("a2")!.open();
    await pool.idle();
    expect(most).toBe(2);
    expect(events.indexOf("end a1")).toBeLessThan(events.indexOf("start a2"));
    expect(pool.pending).toBe(0);
  });

  it("after stop, queued tasks never start and idle() waits only for the running ones", async () => {
    const pool = new SessionPool(1, (e) => { throw e; });
    const started: string[] = [];
    const g = gate();
    pool.submit("a", async () => { started.push("a1"); await g.opened; });
    pool.submit("a", async () => { started.push("a2"); });
    pool.submit("b", async () => { started.push("b1"); });
    await expect.poll(() => started.length).toBe(1);
    pool.stop();
    pool.submit("c", async () => { started.push("c1"); });
    g.open();
    await pool.idle();
    expect(started).toEqual(["a1"]);
  });

  it("a task that throws is reported and the session's next task still runs", async () => {
    const errors: unknown[] = [];
    const pool = new SessionPool(1, (e) => errors.push(e));
    const ran: string[] = [];
    pool.submit("a", async () => { throw new Error("boom"); });
    pool.submit("a", async () => { ran.push("a2"); });
    await pool.idle();
    expect((errors[0] as Error).message).toBe("boom");
    expect(ran).toEqual(["a2"]);
  });
});
