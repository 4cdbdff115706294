import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { configDuration, configSection, readWorldConfig } from "../../../tools/world/config.js";
import { tempWorld, type TempWorld } from "../../support/world.js";

describe(".world/config.json: one reader, a schema per section", () => {
  let w: TempWorld;
  beforeEach(() => {
    w = tempWorld();
  });
  afterEach(() => w.cleanup());
  const file = (text: string) => {
    mkdirSync(w.paths.dir, { recursive: true });
    writeFileSync(join(w.paths.dir, "config.json"), text);
  };
  const Section = z.object({ wait: configDuration, size: z.number().int() }).partial();

  it("no world, no file, no section: empty", () => {
    expect(readWorldConfig(undefined).data).toEqual({});
    expect(configSection(readWorldConfig(w.paths), "part", Section)).toEqual({});
    file(JSON.stringify({ other: { wait: 600 } }));
    expect(configSection(readWorldConfig(w.paths), "part", Section)).toEqual({});
  });

  it("a section's durations come out in milliseconds", () => {
    file(JSON.stringify({ part: { wait: "10m", size: 3 } }));
    expect(configSection(readWorldConfig(w.paths), "part", Section)).toEqual({ wait: 600_000, size: 3 });
  });

  it("a duration without its unit is one line naming the key, what was expected and what was received", () => {
    file(JSON.stringify({ part: { wait: "600" } }));
    expect(() => configSection(readWorldConfig(w.paths), "part", Section)).toThrow(
      /^invalid \/.*\/\.world\/config\.json: part\.wait: expected a duration with its unit, like "10m" \(ms, s, m, h or d\), received "600"$/,
    );
    file(JSON.stringify({ part: { wait: 600 } }));
    expect(() => configSection(readWorldConfig(w.paths), "part", Section)).toThrow(/: part\.wait: expected a duration .*, received 600$/);
  });

  it("other errors are one line too", () => {
    file(JSON.stringify({ part: { size: "big" } }));
    expect(() => configSection(readWorldConfig(w.paths), "part", Section)).toThrow(/: part\.size: invalid input: expected number, received "big"$/);
    file("{not json");
    expect(() => readWorldConfig(w.paths)).toThrow(/^invalid .*config\.json: expected JSON, received a parse error: /);
    file("[1]");
    expect(() => readWorldConfig(w.paths)).toThrow(/^invalid .*config\.json: expected a JSON object .*, received "\[1\]"$/);
    for (const bad of ["600", "{not json", "[1]"]) {
      file(JSON.stringify({ part: { wait: bad } }));
      try {
        configSection(readWorldConfig(w.paths), "part", Section);
      } catch (error) {
        expect((error as Error).message).not.toContain("\n");
      }
    }
  });
});
