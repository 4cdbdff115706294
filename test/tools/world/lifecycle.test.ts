/** The lifecycle table's refusals: what each says, and that closing is never offered --force. */
import { describe, expect, it } from "vitest";
import { allowed, checkTransition } from "../../../tools/world/lifecycle.js";
import { NotFoundError, RefusedError } from "../../../tools/errors.js";

describe("checkTransition", () => {
  it("refuses what the table forbids, pointing at --force where forcing exists", () => {
    expect(allowed("start", "active")).toBe(true);
    expect(() => checkTransition("s1", "active", "start")).toThrow(RefusedError);
    expect(() => checkTransition("s1", "active", "start")).toThrow(/received start \(use --force to override\)$/);
  });

  it("a refused close names no --force: closing is a person's world close, never forced", () => {
    expect(allowed("verified", "closed")).toBe(false);
    expect(allowed("failed", "closed")).toBe(true);
    expect(() => checkTransition("s1", "verified", "closed")).toThrow(/^refused transition for session s1: latest status verified allows nothing \(the session is over\), received closed$/);
  });

  it("a session that never started is unknown, not a transition to force", () => {
    expect(() => checkTransition("nope", undefined, "finish")).toThrow(NotFoundError);
  });
});
