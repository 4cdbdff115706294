/** Who can read a world: world.log 0600 and .world/ 0700 when created; a symlinked world.log is refused, never followed. */
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RefusedError } from "../../../tools/errors.js";
import { appendOnce, OUTPUT_LIMIT } from "../../../tools/world/append.js";
import { tempWorld, world, type TempWorld } from "../../support/world.js";

let w: TempWorld;
afterEach(() => w?.cleanup());

const mode = (path: string) => statSync(path).mode & 0o777;

describe("a new world is private", () => {
  it("world.log is created 0600 and .world/ 0700 (an attachment creates it)", async () => {
    w = tempWorld();
    const r = await world(w.home, ["event", "bash", "x", "y".repeat(OUTPUT_LIMIT * 2)]);
    expect(r.exitCode).toBe(0);
    expect(mode(w.paths.log)).toBe(0o600);
    expect(mode(w.paths.dir)).toBe(0o700);
    expect(mode(w.paths.attachments)).toBe(0o700);
  });

  it("an existing world open to others is left as it is, and status says so", async () => {
    w = tempWorld();
    writeFileSync(w.paths.log, "");
    chmodSync(w.paths.log, 0o644);
    mkdirSync(w.paths.dir, { mode: 0o755 });
    chmodSync(w.paths.dir, 0o755);
    expect((await world(w.home, ["event", "bash", "x", "y"])).exitCode).toBe(0);
    const r = await world(w.home, ["status"]);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain(`world: warning: world.log can be read or written by other users (mode 0644): chmod 600 ${w.paths.log}`);
    expect(r.stderr).toContain(`world: warning: .world/ can be read by other users (mode 0755; attachments hold whole outputs): chmod 700 ${w.paths.dir}`);
    expect(mode(w.paths.log)).toBe(0o644);
  });
});

describe("a symlinked world.log", () => {
  it("to /dev/null: refused with one line (exit 3), not swallowed", async () => {
    w = tempWorld();
    symlinkSync("/dev/null", w.paths.log);
    const r = await world(w.home, ["event", "bash", "x", "lost?"]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toBe(`world: world.log is a symbolic link: expected a regular file at ${w.paths.log}, received a link to "/dev/null"; replace it with the file itself`);
    expect((await world(w.home, ["status"])).stderr).toContain("world: warning: world.log is a symbolic link");
  });

  it("to another file: nothing is written into it", () => {
    w = tempWorld();
    const foreign = join(w.home, "someone-elses.txt");
    writeFileSync(foreign, "theirs\n");
    symlinkSync(foreign, w.paths.log);
    expect(() => appendOnce(w.paths, { kind: "event", source: "bash", id: "x", output: "y" })).toThrow(RefusedError);
    expect(readFileSync(foreign, "utf8")).toBe("theirs\n");
  });
});
