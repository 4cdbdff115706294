import { describe, expect, it } from "vitest";
import { kindNeed } from "../../agents/kind-need.js";
import { knownKinds } from "../../agents/registry.js";
import { parseNeed } from "../../verifier/criteria.js";

describe("kindNeed", () => {
  it("gives each built-in kind that knows what done means a criterion the offline Verifier checks exactly", () => {
    const own = knownKinds().filter((kind) => kindNeed(kind, "s1") !== undefined);
    expect(own.sort()).toEqual(["meeting-prep", "note", "open-page", "reminder", "timer"]);
    // Every clause machine-checkable: nothing left for a model or a person to judge.
    for (const kind of own) expect(parseNeed(kindNeed(kind, "s1")!).rest, kind).toBe("");
  });

  it("has none for agents whose done only the task's author can say, nor for no kind", () => {
    for (const kind of ["shell", "web-watch", "general", "no-such-agent", undefined]) expect(kindNeed(kind, "s1")).toBeUndefined();
  });

  it("names a meeting brief's file from its session id, with unsafe characters replaced", () => {
    expect(kindNeed("meeting-prep", "a/b c")).toBe('file exists .world/briefs/a_b_c.md and output contains "brief at"');
  });
});
