/** A log replaced under a long-lived writer (cp + mv, a restore, an editor's save): no line lost, none doubled. */
import { copyFileSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import type { Located } from "../../../tools/world/entry.js";
import { endOf, follow } from "../../../tools/world/follow.js";
import { collectEntries, type Problem } from "../../../tools/world/read.js";
import { tempWorld, type TempWorld, ownEntries } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

const ids = () => ownEntries(collectEntries(w.paths.log).entries).map((e) => e.id);
const event = (id: string) => ({ kind: "event", source: "system", id, output: `line ${id}` }) as const;

describe("an Appender kept open while world.log is replaced", () => {
  it("a copy moved over the log (cp world.log x && mv x world.log): later lines land in the new file once", () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    try {
      daemon.append(event("a1"));
      copyFileSync(w.paths.log, `${w.paths.log}.copy`);
      renameSync(`${w.paths.log}.copy`, w.paths.log);
      daemon.append(event("a2"));
      daemon.append(event("a3"));
    } finally {
      daemon.close();
    }
    expect(ids()).toEqual(["a1", "a2", "a3"]);
  });

  it("a restore from an older backup: the line goes after the restored lines", () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    try {
      daemon.append(event("b1"));
      const backup = readFileSync(w.paths.log);
      daemon.append(event("b2")); // lost by the restore: the person chose the backup
      writeFileSync(`${w.paths.log}.restore`, backup);
      renameSync(`${w.paths.log}.restore`, w.paths.log);
      daemon.append(event("b3"));
    } finally {
      daemon.close();
    }
    expect(ids()).toEqual(["b1", "b3"]);
  });

  it("a copy taken just after our write (the replacement already holds the line): not written twice", () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    try {
      daemon.append(event("c1"));
      // Between the write and the check: simulated by replacing the log with a copy of itself
      // after the first write of c2 — the copy already holds c2.
      const write = (daemon as unknown as { write: (text: Buffer) => number }).write.bind(daemon);
      (daemon as unknown as { write: (text: Buffer) => number }).write = (text) => {
        const at = write(text);
        copyFileSync(w.paths.log, `${w.paths.log}.copy`);
        renameSync(`${w.paths.log}.copy`, w.paths.log);
        return at;
      };
      daemon.append(event("c2"));
    } finally {
      daemon.close();
    }
    expect(ids()).toEqual(["c1", "c2"]);
  });
});

/** The next `n` entries from follow(), leaving it running (for-await's break would end it). */
async function take(it: AsyncGenerator<Located>, n: number): Promise<Located[]> {
  const got: Located[] = [];
  while (got.length < n) {
    const next = await it.next();
    if (next.done) break;
    got.push(next.value);
  }
  return got;
}

describe("follow() while world.log is replaced", () => {
  it("a copy moved over the log: the lines written after it come once each, nothing read again", async () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    const problems: Problem[] = [];
    const stop = new AbortController();
    try {
      daemon.append(event("d1"));
      const it = follow(w.paths, { from: endOf(w.paths.log), signal: stop.signal, pollMs: 100, onProblem: (p) => problems.push(p) });
      daemon.append(event("d2"));
      const first = await take(it, 1);
      copyFileSync(w.paths.log, `${w.paths.log}.copy`);
      renameSync(`${w.paths.log}.copy`, w.paths.log);
      daemon.append(event("d3"));
      daemon.append(event("d4"));
      const rest = await take(it, 2);
      stop.abort();
      expect([...first, ...rest].map((e) => [e.line, e.id])).toEqual([[3, "d2"], [4, "d3"], [5, "d4"]]); // line 1 is the format line
      expect(problems).toEqual([]);
    } finally {
      stop.abort();
      daemon.close();
    }
  });

  it("an older backup restored: the lines written after the restore come once, from the line where it differs", async () => {
    w = tempWorld();
    const daemon = new Appender(w.paths);
    const problems: Problem[] = [];
    const stop = new AbortController();
    try {
      daemon.append(event("e1"));
      const backup = readFileSync(w.paths.log);
      daemon.append(event("e2"));
      const it = follow(w.paths, { from: endOf(w.paths.log), signal: stop.signal, pollMs: 100, onProblem: (p) => problems.push(p) });
      daemon.append(event("e3"));
      const first = await take(it, 1);
      writeFileSync(`${w.paths.log}.restore`, backup);
      renameSync(`${w.paths.log}.restore`, w.paths.log);
      daemon.append(event("e4"));
      const rest = await take(it, 1);
      stop.abort();
      expect([...first, ...rest].map((e) => [e.line, e.id])).toEqual([[4, "e3"], [3, "e4"]]); // line 1 is the format line
      expect(problems).toEqual([expect.objectContaining({ line: 2, error: expect.stringMatching(/replaced.*differs from line 3/) })]);
    } finally {
      stop.abort();
      daemon.close();
    }
  });
});
