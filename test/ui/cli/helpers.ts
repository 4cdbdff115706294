/** Small helpers for the CLI suites (on top of test/support/world.ts). */
import { existsSync, readFileSync } from "node:fs";
import { expect } from "vitest";
import type { WorldPaths } from "../../../tools/world/paths.js";

/** The log's bytes, or null when there is no log. */
export function logBytes(paths: WorldPaths): Buffer | null {
  return existsSync(paths.log) ? readFileSync(paths.log) : null;
}

/** Parsed JSON Lines from a command's stdout. */
export function jsonLines<T = Record<string, unknown>>(stdout: string): T[] {
  return stdout === "" ? [] : stdout.split("\n").map((l) => JSON.parse(l) as T);
}

/** A failed command: exactly one line on stderr, `world: …`, no stack trace, the given exit code. */
export function expectOneLineError(run: { exitCode?: number; stderr: unknown; stdout: unknown }, exitCode: number, pattern?: RegExp): void {
  const stderr = String(run.stderr);
  expect(run.exitCode, stderr).toBe(exitCode);
  expect(stderr.split("\n"), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^world: \S/);
  expect(stderr).not.toMatch(/\bat .*:\d+:\d+|internal error/);
  expect(String(run.stdout)).toBe("");
  if (pattern) expect(stderr).toMatch(pattern);
}
