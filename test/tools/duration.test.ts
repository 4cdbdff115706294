import { describe, expect, it } from "vitest";
import { durationMs, formatDuration, msFromEnv, parseDuration, showDuration } from "../../tools/duration.js";

describe("durations: one parser, units required", () => {
  it("reads every unit, decimals too", () => {
    expect(parseDuration("500ms", "x")).toBe(500);
    expect(parseDuration("90s", "x")).toBe(90_000);
    expect(parseDuration("5m", "x")).toBe(300_000);
    expect(parseDuration("1.5h", "x")).toBe(5_400_000);
    expect(parseDuration("1d", "x")).toBe(86_400_000);
    expect(parseDuration(" 10 m ", "x")).toBe(600_000);
  });

  it("refuses a bare number (seconds to one reader, ms to another) in one line naming where it was", () => {
    expect(() => parseDuration("600", "--kill-grace")).toThrow(/^invalid --kill-grace: expected a duration with its unit, like "10m" \(ms, s, m, h or d\), received "600"$/);
    expect(() => parseDuration(600, "keeper.killGrace")).toThrow(/^invalid keeper\.killGrace: expected .*"10m".*, received 600$/);
    expect(() => parseDuration("-1s", "x")).toThrow(/received "-1s"$/);
    expect(() => parseDuration("soon", "x")).toThrow(/received "soon"$/);
    expect(durationMs("10 minutes")).toBeUndefined();
  });

  it("WORLD_…_MS variables keep bare milliseconds; a bad one falls back", () => {
    expect(msFromEnv("WORLD_X_MS", 7, { WORLD_X_MS: "250" })).toBe(250);
    expect(msFromEnv("WORLD_X_MS", 7, {})).toBe(7);
    expect(msFromEnv("WORLD_X_MS", 7, { WORLD_X_MS: "2s" })).toBe(7);
    expect(msFromEnv("WORLD_X_MS", 7, { WORLD_X_MS: "0" })).toBe(7);
  });

  it("shows durations for people and writes them back readable", () => {
    expect(showDuration(350)).toBe("350 ms");
    expect(showDuration(3_900_000)).toBe("1 h 5 min");
    expect(showDuration(90_000_000)).toBe("1 d 1 h");
    expect(formatDuration(600_000)).toBe("10m");
    expect(formatDuration(1000)).toBe("1s");
    expect(formatDuration(1500)).toBe("1.5s");
    for (const ms of [250, 1000, 90_000, 600_000, 7_200_000, 86_400_000]) expect(parseDuration(formatDuration(ms), "x")).toBe(ms);
  });
});
