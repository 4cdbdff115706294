/** The built CLI as `npx world` and a shell run it: the file itself, not `node file`. */
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { execa } from "execa";
import { expect, it } from "vitest";
import { worldCommand } from "../../../ui/demo/invocation.js";
import { ROOT, tempWorld, WORLD_BIN } from "../../support/world.js";

it("dist/bin/world.js is an executable script that runs by itself", async () => {
  expect(readFileSync(WORLD_BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  expect(() => accessSync(WORLD_BIN, constants.X_OK)).not.toThrow();
  const w = tempWorld();
  try {
    const r = await execa(WORLD_BIN, ["--home", w.home, "event", "bash", "bin-test", "hello"], { reject: false });
    expect([r.exitCode, r.stderr]).toEqual([0, ""]);
    expect(readFileSync(w.paths.log, "utf8")).toMatch(/\]\[event:bash\]\[bin-test\] hello\n$/);
  } finally {
    w.cleanup();
  }
});

it("installs onto the PATH from the clone (npm install -g) and runs from any directory", async () => {
  const prefix = mkdtempSync(join(tmpdir(), "world-prefix-"));
  const w = tempWorld();
  try {
    // What the README's set-up says; --offline: a link to this clone needs no registry.
    const install = await execa("npm", ["install", "-g", "--ignore-scripts", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, ROOT], { reject: false });
    expect(install.exitCode, install.stderr).toBe(0);
    const PATH = `${join(prefix, "bin")}${delimiter}${process.env.PATH}`;
    const version = await execa("world", ["--version"], { cwd: w.home, env: { PATH }, reject: false });
    expect([version.exitCode, version.stdout]).toEqual([0, `world ${JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).version}`]);
    const event = await execa("world", ["event", "bash", "from-path", "hello"], { cwd: w.home, env: { PATH, WORLD_HOME: undefined }, reject: false });
    expect([event.exitCode, event.stderr]).toEqual([0, ""]);
    expect(readFileSync(w.paths.log, "utf8")).toMatch(/\]\[event:bash\]\[from-path\] hello\n$/);
    // The demo's hints name the command that works as typed: `world` once it is on the PATH.
    expect(worldCommand(PATH, WORLD_BIN)).toBe("world");
    expect(worldCommand(join(prefix, "nothing-here"), WORLD_BIN)).toMatch(/^node '?\/.*dist\/bin\/world\.js'?$/);
  } finally {
    rmSync(prefix, { recursive: true, force: true });
    w.cleanup();
  }
});
