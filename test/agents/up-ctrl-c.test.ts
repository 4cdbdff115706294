/** Ctrl-C in a real terminal (a pseudo-terminal): one press stops every child gracefully (exit 0). */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { execa } from "execa";
import { ROOT, tempWorld, WORLD_BIN, type TempWorld } from "../support/world.js";

const PYTHON = spawnSync("python3", ["-c", "import pty"]).status === 0;

let w: TempWorld | undefined;
afterEach(() => {
  w?.cleanup();
  w = undefined;
});

it.skipIf(!PYTHON)("the terminal's SIGINT reaches only `up`; its one SIGTERM is each child's first signal: all exit 0", { timeout: 120_000 }, async () => {
  w = tempWorld();
  const r = await execa("python3", [join(ROOT, "test/fixtures/ctrl-c-up.py"), w.home, WORLD_BIN], { reject: false, timeout: 100_000, env: { ANTHROPIC_API_KEY: "" } });
  expect(r.stdout).toMatch(/\nEXIT 0$/);
  expect(r.stdout).toMatch(/^keeper +stopped +\(last: exited with code 0\)\r?$/m);
  expect(r.stdout).toMatch(/^verifier +stopped +\(last: exited with code 0\)\r?$/m);
  expect(r.stdout).not.toMatch(/killed by/);
});
if (!PYTHON) it.skip("Ctrl-C in a pseudo-terminal: skipped, python3 with its pty module is not installed", () => undefined);
