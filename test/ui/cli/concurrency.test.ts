/** `world event` / `world agent` from several processes at once, through the real binary. */
import { afterEach, expect, it } from "vitest";
import { collectEntries } from "../../../tools/world/read.js";
import { tempWorld, world, type TempWorld, ownEntries } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

const LANES = 8;
const PER_LANE = 6;

it(`${LANES} processes at a time, ${LANES * PER_LANE} CLI writes: each entry exactly once, whole`, { timeout: 180_000 }, async () => {
  w = tempWorld();
  const lane = async (i: number) => {
    for (let j = 0; j < PER_LANE; j++) {
      const text = `lane ${i} write ${j} ${"é|\\ ".repeat(j * 40)}`;
      const args = j % 2 ? ["event", "bash", `l${i}-${j}`, text] : ["agent", j === 0 ? "start" : "active", `l${i}`, text, "--need", `need ${i}.${j}`];
      const run = await world(w.home, [...args, "-q"]);
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
    }
  };
  await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i)));

  const read = collectEntries(w.paths.log);
  const { problems, tail } = read;
  const entries = ownEntries(read.entries);
  expect(problems).toEqual([]);
  expect(tail).toBeUndefined();
  expect(entries).toHaveLength(LANES * PER_LANE);
  const seen = new Set(entries.map((e) => `${e.id}/${e.output.slice(0, 20)}`));
  expect(seen.size).toBe(LANES * PER_LANE);
  for (let i = 0; i < LANES; i++) {
    const mine = entries.filter((e) => e.output.startsWith(`lane ${i} `));
    expect(mine.map((e) => Number(/write (\d+)/.exec(e.output)![1]))).toEqual([0, 1, 2, 3, 4, 5]); // each lane's order kept
    for (const e of mine) {
      const j = Number(/write (\d+)/.exec(e.output)![1]);
      expect(e.output).toBe(`lane ${i} write ${j} ${"é|\\ ".repeat(j * 40)}`);
      if (e.kind === "agent") expect(e.need).toBe(`need ${i}.${j}`);
    }
  }
});

it("8 concurrent `world agent finish` on one session: exactly one finish lands, the others are refused (exit 3)", { timeout: 180_000 }, async () => {
  w = tempWorld();
  const sessions = ["f0", "f1", "f2", "f3", "f4"];
  for (const s of sessions) expect((await world(w.home, ["agent", "start", s, "task", "--need", "file exists x", "-q"])).exitCode).toBe(0);
  for (const s of sessions) {
    const runs = await Promise.all(Array.from({ length: LANES }, (_, i) => world(w.home, ["agent", "finish", s, `done by ${i}`, "-q"])));
    const codes = runs.map((r) => r.exitCode).sort();
    expect(codes, runs.map((r) => r.stderr).join("\n")).toEqual([0, ...Array(LANES - 1).fill(3)]);
  }
  const finishes = collectEntries(w.paths.log).entries.filter((e) => e.kind === "agent" && e.status === "finish");
  expect(finishes.map((e) => e.id)).toEqual(sessions);
});
