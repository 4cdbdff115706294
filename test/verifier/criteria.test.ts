import { describe, expect, it } from "vitest";
import { parseClause, parseNeed, splitClauses, words } from "../../verifier/criteria.js";

describe("the criteria language", () => {
  it("splits on ' and ' outside quotes and regexes", () => {
    expect(splitClauses("file exists a.txt and output matches /x and y/ and command exits 0: grep -q 'milk and eggs' list")).toEqual([
      "file exists a.txt",
      "output matches /x and y/",
      "command exits 0: grep -q 'milk and eggs' list",
    ]);
    expect(splitClauses("buy milk")).toEqual(["buy milk"]);
  });

  it("parses each kind of clause", () => {
    expect(parseClause("file exists 'my report.md'")).toEqual({ kind: "file-exists", path: "my report.md" });
    expect(parseClause("file out.txt matches /total: \\d+/i")).toMatchObject({ kind: "file-matches", path: "out.txt" });
    expect((parseClause("output matches /booked for \\d+/") as { re: RegExp }).re.test("booked for 4")).toBe(true);
    expect(parseClause('output contains "table 12"')).toEqual({ kind: "output-contains", text: "table 12" });
    expect(parseClause("event bash logged")).toEqual({ kind: "event-logged", source: "bash" });
    expect(parseClause("event chrome logged matching /opentable/")).toMatchObject({ kind: "event-logged", source: "chrome" });
    expect(parseClause('command exits 0: test -s "a b.txt"')).toEqual({ kind: "command", argv: ["test", "-s", "a b.txt"] });
  });

  it("leaves anything else to the judges as free text (never guesses)", () => {
    expect(parseClause("a table for four at 8pm")).toBeUndefined();
    expect(parseClause("output matches /unclosed(/")).toBeUndefined(); // invalid regex
    expect(parseClause("command exits 0: echo 'unbalanced")).toBeUndefined();
    expect(parseNeed("file exists booking.txt and the restaurant confirmed by email")).toEqual({
      checks: [{ text: "file exists booking.txt", check: { kind: "file-exists", path: "booking.txt" } }],
      rest: "the restaurant confirmed by email",
    });
    expect(parseNeed("milk and eggs bought").rest).toBe("milk and eggs bought");
  });

  it("words: quotes group, nothing is expanded", () => {
    expect(words(`a "b c" 'd e' $HOME \`x\``)).toEqual(["a", "b c", "d e", "$HOME", "`x`"]);
    expect(words(`""`)).toEqual([""]);
  });
});
