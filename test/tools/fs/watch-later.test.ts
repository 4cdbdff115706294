/**
 * watchFile wakes its caller on a change to world.log through fs.watch, the poll being only
 * a safety net: also when the home did not exist yet when the watch began (world sync, the
 * bench and the tests watch worlds about to be made), once a poll has found it.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Appender } from "../../../tools/world/append.js";
import { watchFile } from "../../../tools/fs/watch.js";
import { worldPaths } from "../../../tools/world/paths.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

const POLL_MS = 2000;
let root: TempWorld | undefined;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  root?.cleanup();
});

it("a home made after the watch began is watched from the first poll: a change wakes the caller at once, not at the next poll", async () => {
  root = tempWorld("log-watch-");
  const paths = worldPaths(join(root.home, "later"));
  let calls = 0;
  let next: (() => void) | undefined;
  stop = watchFile(paths.log, () => {
    calls += 1;
    next?.();
  }, POLL_MS);
  const called = () => new Promise<void>((resolve) => (next = resolve));
  mkdirSync(paths.home);
  await called(); // the first poll: it finds the home and watches it
  const before = calls;
  const woken = called();
  const t = Date.now();
  const log = new Appender(paths);
  log.append({ kind: "event", source: "system", id: "watch", output: "a change" });
  log.close();
  await woken;
  expect(calls).toBeGreaterThan(before);
  expect(Date.now() - t).toBeLessThan(POLL_MS / 2);
});
