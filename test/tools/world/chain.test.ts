import { afterEach, describe, expect, it } from "vitest";
import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkpointedWorld, moveOver, TAMPERINGS } from "../../../chaos/log-tampering.js";
import { Appender } from "../../../tools/world/append.js";
import { chainDir, checkpointNumbers, readCheckpoint } from "../../../tools/world/chain.js";
import { extendChain, restartChain } from "../../../tools/world/chain-extend.js";
import { proveLog } from "../../../tools/world/chain-prove.js";
import { seeded } from "../../../tools/random.js";
import { appendTestLines, tempWorld, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

function write(n: number, from = 0): void {
  appendTestLines(w!.paths, n, from);
}

/** A log of 1 + 10 + 10 + 10 lines under three checkpoints (lines 1–11, 12–21, 22–31). */
function threeCheckpoints(): void {
  w = tempWorld();
  write(10);
  extendChain(w.paths, "test");
  write(10, 10);
  extendChain(w.paths, "test");
  write(10, 20);
  extendChain(w.paths, "test");
}

describe("the chain beside world.log", () => {
  it("proves an untouched log, marks the lines it found already there as first seen at checkpoint 1, and counts lines not yet covered", () => {
    w = tempWorld();
    write(5);
    const first = extendChain(w.paths, "test");
    expect(first).toMatchObject({ extended: true, lines: 6, checkpoint: { n: 1, lines: 6, rebuilt: true } });
    write(3, 5);
    const second = extendChain(w.paths, "test");
    expect(second).toMatchObject({ extended: true, lines: 3, checkpoint: { n: 2, lines: 9, rebuilt: false, from: { line: 6 } } });
    expect(extendChain(w.paths, "test")).toEqual({ extended: false, reason: "nothing new" });
    write(2, 8);
    const proof = proveLog(w.paths);
    expect(proof).toMatchObject({ ok: true, lines: 11, proven: 9, checkpoints: 2, rebuiltUpTo: 6 });
    expect(proof.problem).toBeUndefined();
  });

  it("keeps the private key owner-only, beside a public key, and neither in the log", () => {
    w = tempWorld();
    write(1);
    extendChain(w.paths, "test");
    expect(statSync(join(chainDir(w.paths), "world-key.pem")).mode & 0o777).toBe(0o600);
    const key = readFileSync(join(chainDir(w.paths), "world-key.pem"), "utf8");
    expect(key).toContain("PRIVATE KEY");
    expect(readFileSync(w.paths.log, "utf8")).not.toContain(key.split("\n")[1]!);
  });

  it("covers only complete lines: a last line without its newline waits for the next checkpoint", () => {
    w = tempWorld();
    write(2);
    appendFileSync(w.paths.log, "[2026-11-27T00:00:00.000Z][event:test][torn] half");
    const ext = extendChain(w.paths, "test");
    expect(ext).toMatchObject({ extended: true, checkpoint: { lines: 3 } });
    appendFileSync(w.paths.log, " a line\n");
    expect(extendChain(w.paths, "test")).toMatchObject({ extended: true, lines: 1, checkpoint: { lines: 4 } });
    expect(proveLog(w.paths).ok).toBe(true);
  });

  // Every tampering, at the first line of a checkpoint, inside one, and at its last line.
  for (const t of TAMPERINGS) {
    for (const at of [12, 15, 21, 30]) {
      it(`finds ${t.name} at line ${at} and names that line`, () => {
        threeCheckpoints();
        const expected = t.apply(w!.paths, at);
        const proof = proveLog(w!.paths);
        expect(proof.ok).toBe(false);
        expect(proof.problem).toMatchObject({ kind: t.kind, line: expected });
        // The Keeper's cheap check refuses to extend over it whenever it touched the end; a full proof always finds it.
        write(1, 99);
        expect(proveLog(w!.paths).problem).toMatchObject({ kind: t.kind, line: expected });
      });
    }
  }

  it("finds an older copy moved over the log, and says it is another file", () => {
    w = tempWorld();
    const copy = checkpointedWorld(w.paths, 40, seeded(7), 17)!;
    const copied = readFileSync(copy, "utf8").split(/(?<=\n)/).length;
    moveOver(w.paths, copy);
    expect(proveLog(w.paths).problem).toMatchObject({ kind: "replaced", line: copied + 1 });
    expect(extendChain(w.paths, "keeper")).toMatchObject({ extended: false, reason: "mismatch", problem: { kind: "replaced" } });
    // and once the writers went on writing in the copy, still the first line it lacks
    write(3, 100);
    expect(proveLog(w.paths).problem).toMatchObject({ kind: "replaced", line: copied + 1 });
  });

  it("refuses an altered or forged checkpoint, and a missing one", () => {
    threeCheckpoints();
    const file = join(chainDir(w!.paths), "000000002.json");
    const cp = readCheckpoint(w!.paths, 2)!;
    writeFileSync(file, JSON.stringify({ ...cp, lines: cp.lines + 1 }));
    expect(proveLog(w!.paths).problem).toMatchObject({ kind: "checkpoints", checkpoint: 2, message: expect.stringContaining("not signed by this world's key") });
    writeFileSync(file, JSON.stringify(cp));
    expect(proveLog(w!.paths).ok).toBe(true);
    const other = tempWorld();
    try {
      const appender = new Appender(other.paths);
      appender.append({ kind: "event", source: "test", id: "x", output: "y" });
      appender.close();
      extendChain(other.paths, "test");
      // a checkpoint signed by another world's key: not this world's
      writeFileSync(file, readFileSync(join(chainDir(other.paths), "000000001.json")));
      expect(proveLog(w!.paths).problem).toMatchObject({ kind: "checkpoints", checkpoint: 2 });
    } finally {
      other.cleanup();
    }
    writeFileSync(file, JSON.stringify(cp));
    rmSync(file);
    expect(proveLog(w!.paths).problem).toMatchObject({ kind: "checkpoints", message: "checkpoint 2 is missing (the next one is 3)" });
  });

  it("survives a crash between a checkpoint's fingerprints and the checkpoint: the orphan is written over next time", () => {
    threeCheckpoints();
    writeFileSync(join(chainDir(w!.paths), "000000004.fp"), Buffer.alloc(16, 1)); // fingerprints with no checkpoint
    expect(proveLog(w!.paths).ok).toBe(true);
    write(2, 50);
    expect(extendChain(w!.paths, "test")).toMatchObject({ extended: true, checkpoint: { n: 4 } });
    expect(proveLog(w!.paths).ok).toBe(true);
  });

  it("restarts: the old checkpoints are kept aside and the log as it is begins a new chain, marked rebuilt", () => {
    threeCheckpoints();
    TAMPERINGS[0]!.apply(w!.paths, 5);
    expect(proveLog(w!.paths).ok).toBe(false);
    expect(restartChain(w!.paths)).toBe(3);
    expect(checkpointNumbers(w!.paths)).toEqual([]);
    expect(extendChain(w!.paths, "test")).toMatchObject({ extended: true, checkpoint: { n: 1, rebuilt: true, lines: 31 } });
    expect(proveLog(w!.paths)).toMatchObject({ ok: true, proven: 31 });
  });
});
