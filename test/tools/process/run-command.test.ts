import { describe, expect, it } from "vitest";
import { commandFailed, runQuickCommand } from "../../../tools/process/run-command.js";

describe("runQuickCommand: a short command to its end, no shell, never rejects", () => {
  it("exit 0 is success; arguments reach it as they are, never through a shell", async () => {
    const r = await runQuickCommand(process.execPath, ["-e", "process.exit(process.argv[1] === '$(touch x); *' ? 0 : 1)", "$(touch x); *"]);
    expect(r).toEqual({ exitCode: 0, signal: null, stderr: "" });
    expect(commandFailed(r)).toBeUndefined();
  });

  it("a failure says why: its exit code and stderr, a command that cannot start, a time limit", async () => {
    const failed = await runQuickCommand(process.execPath, ["-e", "console.error('no display'); process.exit(3)"]);
    expect(failed).toMatchObject({ exitCode: 3, stderr: "no display\n" });
    expect(commandFailed(failed)).toBe("exited 3");
    const missing = await runQuickCommand("/nonexistent/notify-send", []);
    expect(missing.exitCode).toBeNull();
    expect(commandFailed(missing)).toMatch(/ENOENT/);
    const slow = await runQuickCommand(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { timeoutMs: 200 });
    expect(slow).toMatchObject({ exitCode: null, signal: "SIGKILL" });
    expect(commandFailed(slow)).toBe("timed out after 200 ms");
  });

  it("runs with the environment it is given, only", async () => {
    const r = await runQuickCommand(process.execPath, ["-e", "process.exit(process.env.ONLY === 'this' && process.env.HOME === undefined ? 0 : 1)"], { env: { ONLY: "this" } });
    expect(r.exitCode).toBe(0);
  });
});
