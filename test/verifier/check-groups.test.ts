import { afterEach, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { endLeftChecks } from "../../verifier/check-groups.js";
import { procStat, signalGroup } from "../../tools/process/identity.js";
import { tempWorld, type TempWorld } from "../support/world.js";
import { waitGone } from "../agents/support.js";

let w: TempWorld | undefined;
const started: number[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) {
    signalGroup(pid, "SIGKILL");
    await waitGone(pid);
  }
  w?.cleanup();
  w = undefined;
});

/** A check's process as the Verifier starts one: the leader of a group of its own. */
function check(): number {
  const child = spawn("sleep", ["300"], { detached: true, stdio: "ignore" });
  child.unref();
  started.push(child.pid!);
  return child.pid!;
}

function record(pid: number, verifier: { pid: number; thread?: number }): string {
  const dir = join(w!.paths.dir, "checks");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${pid}.json`);
  writeFileSync(file, JSON.stringify({
    pid, startTicks: procStat(pid)!.startTicks, argv: ["sleep", "300"], startedAt: new Date().toISOString(),
    verifierPid: verifier.pid, verifierStartTicks: procStat(verifier.pid)!.startTicks, ...(verifier.thread !== undefined && { verifierThread: verifier.thread }),
  }));
  return file;
}

it("a Verifier ends the checks another Verifier thread of its own process left (that one is gone: it held the lock), never its own", async () => {
  w = tempWorld();
  const ours = check();
  const left = check();
  const oursFile = record(ours, { pid: process.pid }); // this very thread (the main one)
  const leftFile = record(left, { pid: process.pid, thread: 7 }); // a Verifier thread of world up that ended
  expect(endLeftChecks(w.paths)).toEqual([`pid ${left} (sleep 300)`]);
  await waitGone(left);
  expect(existsSync(leftFile)).toBe(false);
  expect(existsSync(oursFile)).toBe(true);
  expect(procStat(ours)).toBeDefined();
});
