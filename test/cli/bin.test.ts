/** The built CLI as `npx world` and a shell run it: the file itself, not `node file`. */
import { accessSync, constants, readFileSync } from "node:fs";
import { execa } from "execa";
import { expect, it } from "vitest";
import { tempWorld, WORLD_BIN } from "../support/world.js";

it("dist/bin/world.js is an executable script that runs by itself", async () => {
  expect(readFileSync(WORLD_BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
  expect(() => accessSync(WORLD_BIN, constants.X_OK)).not.toThrow();
  const w = tempWorld();
  try {
    const r = await execa(WORLD_BIN, ["--home", w.home, "event", "user", "bin-test", "hello"], { reject: false });
    expect([r.exitCode, r.stderr]).toEqual([0, ""]);
    expect(readFileSync(w.paths.log, "utf8")).toMatch(/\]\[event:user\]\[bin-test\] hello\n$/);
  } finally {
    w.cleanup();
  }
});
