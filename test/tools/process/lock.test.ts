import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { createInterface, type Interface } from "node:readline";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { tryLock, withLock } from "../../../tools/process/lock.js";
import { ROOT, tempWorld, type TempWorld } from "../../support/world.js";

const FIXTURE = join(ROOT, "test/fixtures/lock-contender.mjs");

/** A real process that takes the lock when told to; its answers are read line by line. */
class Contender {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;
  private readonly rl: Interface;
  constructor(home: string, name: string) {
    this.child = spawn(process.execPath, [FIXTURE, home, name]);
    this.rl = createInterface({ input: this.child.stdout });
    this.lines = this.rl[Symbol.asyncIterator]();
  }
  async next(): Promise<string> {
    const r = await this.lines.next();
    if (r.done) throw new Error(`contender ${this.child.pid} ended`);
    return r.value;
  }
  send(line: string): void {
    this.child.stdin.write(line + "\n");
  }
  async kill(): Promise<void> {
    const gone = once(this.child, "exit");
    this.child.kill("SIGKILL");
    await gone;
  }
}

let w: TempWorld | undefined;
let contenders: Contender[] = [];
afterEach(async () => {
  await Promise.all(contenders.map((c) => c.kill()));
  contenders = [];
  w?.cleanup();
  w = undefined;
});

describe("tryLock", () => {
  it("one process at a time in one process too; released, it can be taken again", () => {
    w = tempWorld();
    const first = tryLock(w.paths, "x");
    expect("release" in first).toBe(true);
    expect(tryLock(w.paths, "x")).toEqual({ heldBy: process.pid });
    if ("release" in first) first.release();
    const again = tryLock(w.paths, "x");
    expect("release" in again).toBe(true);
    if ("release" in again) again.release();
    expect(withLock(w.paths, "x", () => 42)).toBe(42);
  });

  it("many processes released at the same instant: exactly one wins, every round, also over a SIGKILLed holder", async () => {
    w = tempWorld();
    const home = w.home;
    const spawnOne = async () => {
      const c = new Contender(home, "keeper");
      expect(await c.next()).toBe("ready");
      return c;
    };
    contenders = await Promise.all(Array.from({ length: 8 }, spawnOne));
    for (let round = 0; round < 12; round++) {
      for (const c of contenders) c.send("try"); // all waiting on their stdin: released together
      const answers = await Promise.all(contenders.map((c) => c.next()));
      const winners = contenders.filter((_, i) => answers[i] === "won");
      expect(winners.length, `round ${round}: ${answers.join(", ")}`).toBe(1);
      const winner = winners[0]!;
      for (const a of answers) if (a !== "won") expect(a).toBe(`lost ${winner.child.pid}`);
      if (round % 2 === 0) {
        // Its owner dies holding the lock: the next round must take it over, once.
        await winner.kill();
        contenders = contenders.filter((c) => c !== winner);
        contenders.push(await spawnOne());
      } else {
        winner.send("release");
        expect(await winner.next()).toBe("released");
      }
    }
  });
});
