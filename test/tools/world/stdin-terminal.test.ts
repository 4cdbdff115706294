/**
 * Who runs the CLI (tools/world/writer.ts `cliWriter`): a person only when stdin is a
 * terminal. stdin that is no character device, or is /dev/null, is known to be no terminal
 * without node:tty (issue 23: it loads node:net and the streams); a real terminal is still
 * asked with isatty. Checked through a call only a person may make (`world close`).
 */
import { execa } from "execa";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendStatus } from "../../../tools/world/append-status.js";
import { tempWorld, WORLD_BIN, type TempWorld } from "../../support/world.js";

let w: TempWorld | undefined;
afterEach(() => w?.cleanup());

const ENV = { WORLD_HOME: undefined, WORLD_SESSION_ID: undefined, WORLD_BIN: undefined, ANTHROPIC_API_KEY: undefined };
const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;

describe("stdin: a terminal or not", () => {
  it("a program's stdin — /dev/null, a pipe, a file, none — makes it a program: refused what only a person may do", async () => {
    w = tempWorld();
    appendStatus(w.paths, { status: "start", id: "s1", output: "tidy the garage", need: "photo of the garage" });
    const args = [WORLD_BIN, "--home", w.home, "close", "s1", "done by hand"];
    const file = join(w.home, "stdin.txt");
    writeFileSync(file, "hello\n");
    for (const stdin of [{ stdin: "ignore" as const }, { stdin: "pipe" as const }]) {
      const r = await execa("node", args, { ...stdin, reject: false, env: ENV, extendEnv: true });
      expect(r.exitCode, `${JSON.stringify(stdin)}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toMatch(/only a person may close session s1/);
    }
    // A file as fd 0 itself, and fd 0 closed altogether (a daemon's child can start that way).
    for (const redirect of ['<"$WORLD_TEST_FILE"', "<&-"]) {
      const r = await execa("sh", ["-c", `exec "$0" "$@" ${redirect}`, "node", ...args], { reject: false, env: { ...ENV, WORLD_TEST_FILE: file }, extendEnv: true });
      expect(r.exitCode, `${redirect}: ${r.stderr}`).toBe(3);
    }
  });

  it.skipIf(!hasScript)("a terminal makes it a person (script(1) gives it a pseudo-terminal)", async () => {
    w = tempWorld();
    appendStatus(w.paths, { status: "start", id: "s1", output: "tidy the garage", need: "photo of the garage" });
    // Arguments through the environment, not into the shell string.
    const r = await execa("script", ["-qec", `node "$WORLD_TEST_BIN" --home "$WORLD_TEST_HOME" close s1 done by hand`, "/dev/null"], {
      reject: false, stdin: "ignore", env: { ...ENV, WORLD_TEST_BIN: WORLD_BIN, WORLD_TEST_HOME: w.home }, extendEnv: true,
    });
    expect(r.exitCode, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[agent:closed\]\[s1\] closed by a person: done by hand \(from terminal\)/);
  });
});
