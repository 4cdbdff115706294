/** One `world up` per world; a SIGKILLed one leaves no orphans, and the next one takes over. */
import { afterEach, expect, it } from "vitest";
import { execa, type ResultPromise } from "execa";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { procStat } from "../../tools/process/identity.js";
import { tempWorld, waitForEntry, world, WORLD_BIN, type TempWorld } from "../support/world.js";
import { waitGone } from "./support.js";

let w: TempWorld | undefined;
const running: ResultPromise[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) {
    p.kill("SIGKILL");
    await p;
  }
  w?.cleanup();
  w = undefined;
});

const pidIn = (text: string) => Number(/pid (\d+)/.exec(text)![1]);

function startUp(home: string): ResultPromise {
  const p = execa(process.execPath, [WORLD_BIN, "--home", home, "up", "--only", "keeper,verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "" } });
  running.push(p);
  return p;
}

it("a second `world up` says so in one line and exits 3; after kill -9 of the first, its children end and a new one starts", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const first = startUp(w.home);
  const keeper = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started keeper"));
  const verifier = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier"));

  const second = await world(w.home, ["up", "--only", "keeper,verifier"]);
  expect(second.exitCode).toBe(3);
  expect(second.stderr).toBe(`world: world up is already running in ${w.home} (pid ${first.pid}): expected one per world, received a second; stop it first (Ctrl-C there, or kill -TERM ${first.pid})`);

  first.kill("SIGKILL");
  await first;
  // Their pipe from `up` closed: the children stop by themselves, no orphan keeps a lock.
  await waitGone(pidIn(keeper.output));
  await waitGone(pidIn(verifier.output));

  const next = startUp(w.home);
  const again = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("started verifier") && e.line > verifier.line);
  expect(pidIn(again.output)).not.toBe(pidIn(verifier.output));
  next.kill("SIGTERM");
  expect((await next).exitCode).toBe(0);
});

it("a new `world up` ends the children a dead one left running (by pid and start time, never a pid alone)", { timeout: 120_000 }, async () => {
  w = tempWorld();
  // Two processes the dead `up` recorded: one is really its orphan, the other's pid now belongs to someone else.
  const orphan = execa("sleep", ["600"], { reject: false });
  const stranger = execa("sleep", ["600"], { reject: false });
  running.push(orphan, stranger);
  const ticks = (pid: number | undefined) => procStat(pid!)!.startTicks;
  await world(w.home, ["event", "test", "boot", "a world"]);
  mkdirSync(w.paths.dir, { recursive: true });
  writeFileSync(
    join(w.paths.dir, "up-status.json"),
    JSON.stringify({
      pid: 2 ** 22 + 11,
      children: [
        { name: "keeper", pid: orphan.pid, startTicks: ticks(orphan.pid), state: "running" },
        { name: "verifier", pid: stranger.pid, startTicks: ticks(stranger.pid) - 1, state: "running" },
      ],
    }),
  );
  const up = startUp(w.home);
  const line = await waitForEntry(w.paths, (e) => e.id === "up" && e.output.startsWith("ended what a dead world up"));
  expect(line.output).toBe(`ended what a dead world up (pid ${2 ** 22 + 11}) left running: keeper pid ${orphan.pid}`);
  expect((await orphan).signal).toBe("SIGTERM");
  expect(procStat(stranger.pid!)?.state).not.toBe("Z");
  up.kill("SIGTERM");
  expect((await up).exitCode).toBe(0);
});
