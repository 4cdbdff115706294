/** The Verifier keeps judging after world.log is replaced under it (cp + mv): its verdicts land in the new file, once. */
import { copyFileSync, renameSync } from "node:fs";
import { execa, type ResultPromise } from "execa";
import { afterEach, expect, it } from "vitest";
import { appendOnce } from "../../tools/world/append.js";
import { collectEntries } from "../../tools/world/read.js";
import { tempWorld, waitForEntry, WORLD_BIN, type TempWorld } from "../support/world.js";

let w: TempWorld | undefined;
let verifier: ResultPromise | undefined;
afterEach(async () => {
  verifier?.kill("SIGKILL");
  await verifier;
  w?.cleanup();
});

it("a log replaced while the Verifier runs: the next finish gets its verdict in the new file, and no verdict twice", async () => {
  w = tempWorld();
  const paths = w.paths;
  const session = (id: string) => {
    appendOnce(paths, { kind: "agent", status: "start", id, output: "say ok", need: `output contains "ok"` });
    appendOnce(paths, { kind: "agent", status: "finish", id, output: "ok" });
  };
  verifier = execa(process.execPath, [WORLD_BIN, "--home", w.home, "verifier"], { reject: false, env: { ANTHROPIC_API_KEY: "", WORLD_HOME: undefined } });
  session("before");
  await waitForEntry(paths, (e) => e.kind === "agent" && e.id === "before" && e.status === "verified");

  copyFileSync(paths.log, `${paths.log}.copy`); // what a restore or an editor's save does
  renameSync(`${paths.log}.copy`, paths.log);
  session("after");
  await waitForEntry(paths, (e) => e.kind === "agent" && e.id === "after" && e.status === "verified", { what: "a verdict for the session finished after the replace" });

  const verdicts = collectEntries(paths.log).entries.filter((e) => e.kind === "agent" && e.status === "verified").map((e) => e.id);
  expect(verdicts).toEqual(["before", "after"]);
});
