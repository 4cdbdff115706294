/** The validators every writer goes through, and the timestamp rule readers share. */
import { describe, expect, it } from "vitest";
import { ExitCode, UsageError } from "../../../tools/errors.js";
import { checkId, checkSource, checkStatus, checkTimestamp, isTimestamp } from "../../../tools/world/entry.js";
import { parseLine } from "../../../tools/world/parse.js";

function usage(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(ExitCode.usage);
    expect((error as Error).message).not.toContain("\n");
    return error as UsageError;
  }
  throw new Error("expected a UsageError");
}

describe("identifiers", () => {
  it("accepts ulids, dashes, brackets other than ']', and non-ASCII", () => {
    for (const id of ["01JD5ZK3M5Q8X0", "task-1", "a[b", "a|b", "é", "\u{1f600}", "x".repeat(200)]) expect(checkId(id)).toBe(id);
  });

  it("refuses empty, too long, whitespace, ']', control characters, line separators and lone surrogates", () => {
    for (const id of ["", "x".repeat(201), "a b", "a\tb", "a]", "]", "a\nb", "a\x1b", "a\x85", "a\u2028", "a\u00a0b", "a\ud800", "\udc00"]) {
      const error = usage(() => checkId(id, "session id"));
      expect(error.message).toMatch(/^invalid session id: expected .* received /);
    }
  });
});

describe("sources and statuses", () => {
  it("sources are short lower-case names", () => {
    for (const s of ["bash", "voice", "my-tool_2", "x"]) expect(checkSource(s)).toBe(s);
    for (const s of ["", "Bash", "1bash", "ba sh", "bash]", "b".repeat(33), "-x"]) usage(() => checkSource(s));
  });

  it("statuses are the six of the lifecycle", () => {
    for (const s of ["start", "active", "finish", "verified", "retry", "failed"]) expect(checkStatus(s)).toBe(s);
    for (const s of ["", "Start", "done", "pending"]) usage(() => checkStatus(s));
  });
});

describe("timestamps", () => {
  it("accepts milliseconds (written), whole seconds and more digits (older logs)", () => {
    for (const ts of ["2026-11-21T22:50:43.123Z", "2026-11-21T22:50:43Z", "2026-11-21T22:50:43.123456789Z", "2024-02-29T23:59:59.999Z", "2000-02-29T00:00:00Z"]) {
      expect(isTimestamp(ts)).toBe(true);
      expect(checkTimestamp(ts)).toBe(ts);
    }
  });

  it("refuses what is not a real instant, on write and on read", () => {
    const bad = [
      "2026-99-99T99:99:99Z", "2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
      "2026-12-31T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:60Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z",
      "2026-11-21 22:50:43Z", "2026-11-21T22:50:43", "2026-11-21T22:50:43+01:00", "yesterday",
    ];
    for (const ts of bad) {
      expect(isTimestamp(ts), ts).toBe(false);
      usage(() => checkTimestamp(ts));
      const parsed = parseLine(`[${ts}][event:bash][x] output`);
      expect(parsed.ok, ts).toBe(false);
      if (!parsed.ok && !parsed.skip) expect(parsed.error).toContain("timestamp");
      else throw new Error(`${ts} was not reported`);
    }
  });
});
