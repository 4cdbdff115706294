/** `world tail -f --json` as a real child process: prints what is appended after it started, stops on SIGTERM. */
import { execa } from "execa";
import { afterEach, expect, it } from "vitest";
import { tempWorld, world, WORLD_BIN, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

/** Collects a child's stdout lines; `until(n)` resolves once n lines have arrived. */
function lines(stream: NodeJS.ReadableStream) {
  const got: string[] = [];
  let partial = "";
  const waiters: { n: number; resolve: () => void }[] = [];
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop()!;
    got.push(...parts);
    for (const wtr of waiters.filter((x) => got.length >= x.n)) wtr.resolve();
  });
  return {
    got,
    until: (n: number) => new Promise<void>((resolve) => (got.length >= n ? resolve() : waiters.push({ n, resolve }))),
  };
}

it("prints entries appended after it started, then exits 0 on SIGTERM", async () => {
  w = tempWorld();
  expect((await world(w.home, ["event", "bash", "old", "before tail started", "-q"])).exitCode).toBe(0);
  const child = execa("node", [WORLD_BIN, "--home", w.home, "tail", "-f", "--json", "-n", "5"], { reject: false, env: { WORLD_HOME: undefined } });
  try {
    const out = lines(child.stdout!);
    await out.until(2); // the existing entries (the format line, then ours): tail has read to the end and follows from there
    expect(JSON.parse(out.got[1]!)).toMatchObject({ line: 2, id: "old" });

    expect((await world(w.home, ["agent", "start", "s1", "task", "--need", "done", "-q"])).exitCode).toBe(0);
    await out.until(3);
    expect((await world(w.home, ["event", "voice", "u1", "second\nline", "-q"])).exitCode).toBe(0);
    expect((await world(w.home, ["agent", "finish", "s1", "result", "-q"])).exitCode).toBe(0);
    await out.until(5);
    expect(out.got.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ line: 1, source: "system", id: "world", output: "format 2" }),
      expect.objectContaining({ line: 2, id: "old" }),
      { line: 3, ts: expect.any(String), kind: "agent", status: "start", id: "s1", output: "task", need: "done" },
      { line: 4, ts: expect.any(String), kind: "event", source: "voice", id: "u1", output: "second\nline" },
      expect.objectContaining({ line: 5, status: "finish", output: "result" }),
    ]);

    child.kill("SIGTERM");
    const done = await child;
    expect(done.signal).toBeUndefined(); // it handled the signal and exited by itself
    expect(done.exitCode).toBe(0);
    expect(done.stderr).toBe("");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

it("without -f prints the last N and exits", async () => {
  w = tempWorld();
  for (const id of ["a", "b", "c"]) expect((await world(w.home, ["event", "bash", id, "x", "-q"])).exitCode).toBe(0);
  const run = await world(w.home, ["tail", "-n", "2", "--json"]);
  expect(run.exitCode).toBe(0);
  expect(run.stdout.split("\n").map((l) => JSON.parse(l).id)).toEqual(["b", "c"]);
  const human = await world(w.home, ["tail"]);
  expect(human.stdout.split("\n")).toHaveLength(4); // the format line, a, b, c
  expect(human.stdout).toMatch(/^\d\d:\d\d:\d\d event:bash +a +x$/m);
});
