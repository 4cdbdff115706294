import { describe, expect, it } from "vitest";
import { parseFastArgs } from "../../../ui/cli/fast-args.js";

const BOOLEAN = new Set(["--json", "-q"]);
const VALUED = new Set(["--home", "--limit"]);
const parse = (...argv: string[]) => parseFastArgs(argv, BOOLEAN, VALUED);

describe("parseFastArgs", () => {
  it("takes the command, its words and the known options in any order", () => {
    expect(parse("--home", "/w", "query", "recent", "5", "--json")).toEqual({ command: "query", words: ["recent", "5"], options: { home: "/w", json: true }, lists: { home: ["/w"] } });
    expect(parse("query", "--limit=3", "active", "-q")).toEqual({ command: "query", words: ["active"], options: { limit: "3", q: true }, lists: { limit: ["3"] } });
  });

  it("keeps negative numbers and everything after -- as words", () => {
    expect(parse("event", "x", "-5", "--", "--json", "-q")).toEqual({ command: "event", words: ["x", "-5", "--json", "-q"], options: {}, lists: {} });
  });

  it("keeps the last value of an option, and every value in lists (a repeatable option)", () => {
    expect(parse("query", "--limit", "1", "active", "--limit=2")).toEqual({ command: "query", words: ["active"], options: { limit: "2" }, lists: { limit: ["1", "2"] } });
  });

  it("gives up on what it does not know, so the full CLI can answer", () => {
    expect(parse("query", "active", "--help")).toBeUndefined();
    expect(parse("query", "active", "--jsn")).toBeUndefined();
    expect(parse("query", "active", "--json=yes")).toBeUndefined();
    expect(parse("query", "active", "--limit")).toBeUndefined();
  });
});
