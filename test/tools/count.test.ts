import { describe, expect, it } from "vitest";
import { countFromEnv, parseCount } from "../../tools/count.js";

describe("counts: one parser for the CLI, MCP, the monitor and the environment", () => {
  it("reads digits from a string (CLI, HTTP) or a number (MCP); absent gives the fallback", () => {
    expect(parseCount("5", "--limit")).toBe(5);
    expect(parseCount(5, "limit")).toBe(5);
    expect(parseCount(undefined, "--limit", { fallback: 20 })).toBe(20);
    expect(parseCount(null, "limit", { fallback: 50 })).toBe(50);
  });

  it("refuses anything else in one line; min 0 allows none; max cuts a page size down", () => {
    expect(() => parseCount("0", "--limit")).toThrow(/^invalid --limit: expected a positive whole number, received "0"$/);
    expect(() => parseCount(0, "limit")).toThrow(/^invalid limit: expected a positive whole number, received 0$/);
    expect(() => parseCount("2.5", "n")).toThrow(/received "2.5"$/);
    expect(() => parseCount("-1", "--lines", { min: 0 })).toThrow(/^invalid --lines: expected a whole number, received "-1"$/);
    expect(parseCount("0", "--lines", { min: 0 })).toBe(0);
    expect(parseCount("9999", "limit", { max: 500 })).toBe(500);
    expect(() => parseCount(undefined as unknown as string, "--limit")).toThrow(/^missing --limit: expected a positive whole number, received nothing$/);
  });

  it("from the environment: a bad value falls back rather than stopping an agent", () => {
    expect(countFromEnv("WORLD_MAX_STEPS", 12, { WORLD_MAX_STEPS: "30" })).toBe(30);
    expect(countFromEnv("WORLD_MAX_STEPS", 12, { WORLD_MAX_STEPS: "lots" })).toBe(12);
    expect(countFromEnv("WORLD_MAX_STEPS", 12, {})).toBe(12);
  });
});
