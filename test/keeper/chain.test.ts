import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TAMPERINGS } from "../../chaos/log-tampering.js";
import { KEEPER_DEFAULTS } from "../../keeper/config.js";
import { FULL_PROOF_EVERY_MS } from "../../keeper/chain.js";
import { sweep } from "../../keeper/sweep.js";
import { readVerified } from "../../tools/world/chain.js";
import { proveLog } from "../../tools/world/chain-prove.js";
import { collectEntries } from "../../tools/world/read.js";
import { appendTestLines, tempWorld, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

function write(n: number, from = 0): void {
  appendTestLines(w!.paths, n, from);
}

function mismatchLines(): string[] {
  return collectEntries(w!.paths.log).entries.filter((e) => e.kind === "event" && e.id === "keeper" && e.output.startsWith("log history no longer matches")).map((e) => e.output);
}

async function swept(at: Date) {
  const out = await sweep(w!.paths, KEEPER_DEFAULTS, { now: at });
  if (!out.ran) throw new Error(out.reason);
  return out.summary;
}

describe("the Keeper's part of the proof", () => {
  it("extends the chain over the new lines on each sweep, its own summary line included the next time", async () => {
    w = tempWorld();
    write(4);
    const t0 = new Date();
    const first = await sweep(w.paths, KEEPER_DEFAULTS, { now: t0, announce: true });
    expect(first.ran && first.summary.chain).toMatchObject({ extended: 5, full: true });
    write(3, 4);
    const second = await swept(new Date(t0.getTime() + 1000));
    expect(second.chain).toEqual({ extended: 4, full: false }); // 3 lines and the first sweep's summary; no full proof yet
    expect(proveLog(w.paths)).toMatchObject({ ok: true, proven: 9 });
    expect(readVerified(w.paths)).toMatchObject({ ok: true, by: "keeper", proven: 9, checkpoints: 2 });
  });

  it("says ONCE in the log when history no longer matches, naming the line, and not again on later sweeps", async () => {
    w = tempWorld();
    write(10);
    const t0 = new Date();
    await swept(t0);
    write(5, 10);
    await swept(new Date(t0.getTime() + 1000));
    TAMPERINGS.find((t) => t.name === "edit")!.apply(w.paths, 4); // in place, well before the last checkpoint's end
    // The cheap check sees nothing (the end is untouched): the next full proof finds it.
    const later = new Date(t0.getTime() + FULL_PROOF_EVERY_MS + 2000);
    const found = await swept(later);
    expect(found.chain.problem).toContain("line 4 was changed");
    expect(mismatchLines()).toEqual([expect.stringContaining("line 4 was changed since checkpoint 1")]);
    for (let i = 1; i <= 3; i++) await swept(new Date(later.getTime() + i * FULL_PROOF_EVERY_MS));
    expect(mismatchLines()).toHaveLength(1);
    expect(readVerified(w.paths)).toMatchObject({ ok: false, problem: expect.stringContaining("line 4") });
  });

  it("a problem found by a full proof stands at the sweeps between full proofs", async () => {
    w = tempWorld();
    write(10);
    const t0 = new Date();
    await swept(t0);
    TAMPERINGS.find((t) => t.name === "edit, same length")!.apply(w.paths, 4); // the end untouched: only a full proof sees it
    const later = new Date(t0.getTime() + FULL_PROOF_EVERY_MS + 2000);
    expect((await swept(later)).chain.problem).toContain("line 4 was changed");
    const between = await swept(new Date(later.getTime() + FULL_PROOF_EVERY_MS / 2)); // not due: the cheap check only
    expect(between.chain).toMatchObject({ full: false, problem: expect.stringContaining("line 4 was changed") });
    expect(readVerified(w.paths)).toMatchObject({ ok: false, problem: expect.stringContaining("line 4") });
    expect(mismatchLines()).toHaveLength(1);
  });

  it("in a world where nothing was written, a sweep proves nothing again and writes no file: the last proof still holds", async () => {
    w = tempWorld();
    write(10);
    const t0 = new Date(Date.now() + 5000); // the Keeper's clock a little ahead: the lines were written well before its first proof
    await swept(t0);
    const chain = join(w.paths.dir, "chain");
    const before = readdirSync(chain).map((f) => `${f} ${statSync(join(chain, f)).mtimeMs}`);
    // Due for a full proof by the clock, but world.log has not changed since the last one.
    const idle = await swept(new Date(t0.getTime() + 3 * FULL_PROOF_EVERY_MS));
    expect(idle.logged).toBe(false);
    expect(idle.chain).toEqual({ extended: 0, full: false });
    expect(readdirSync(chain).map((f) => `${f} ${statSync(join(chain, f)).mtimeMs}`)).toEqual(before);
    expect(readVerified(w.paths)).toMatchObject({ ok: true, proven: 11, at: t0.toISOString() });
  });

  it("sees a truncation at once, without waiting for the full proof", async () => {
    w = tempWorld();
    write(10);
    const t0 = new Date();
    await swept(t0);
    TAMPERINGS.find((t) => t.name === "truncate")!.apply(w.paths, 6);
    const found = await swept(new Date(t0.getTime() + 1000));
    expect(found.chain).toMatchObject({ full: true, problem: expect.stringMatching(/ends after line 5|lines from 6 on are gone/) });
    expect(mismatchLines()).toHaveLength(1);
  });
});

describe("a chain that cannot be written", () => {
  it("does not stop the sweep: the summary is still made, and the next sweep extends", async () => {
    w = tempWorld();
    write(3);
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(`${w.paths.dir}/chain`, "a file where the chain's folder should be");
    const out = await swept(new Date());
    expect(out.chain.error).toBeDefined();
    expect(out.line).toMatch(/^swept: /);
    rmSync(`${w.paths.dir}/chain`);
    expect((await swept(new Date())).chain).toMatchObject({ extended: expect.any(Number), full: true });
    expect(proveLog(w.paths).ok).toBe(true);
  });
});
