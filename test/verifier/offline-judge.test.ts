import { describe, expect, it } from "vitest";
import { contentWords, judgeText } from "../../verifier/offline-judge.js";

describe("the offline free-text judge", () => {
  it("verifies only when the output addresses every content word of the need", () => {
    const v = judgeText("table booked at Luigi's for 4 people", "Booked a table for 4 people at Luigi's, confirmation LX-22");
    expect(v.ok).toBe(true);
    expect(v.reason).toMatch(/^offline check \(no model\)/);
  });

  it("asks for evidence, naming exactly what is missing", () => {
    const v = judgeText("table booked at Luigi's for 4 people", "done!");
    expect(v.ok).toBe(false);
    expect(v.missing).toEqual(["table", "booked", "luigi", "4", "people"]);
    expect(v.guidance).toMatch(/concrete evidence for "table", "booked", "luigi", "4", "people"/);
  });

  it("does not pass an output that reports a failure, whatever words it has", () => {
    const v = judgeText("table booked", "could not get the table booked: site down");
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/reports a problem/);
  });

  it("refuses a need with nothing checkable", () => {
    expect(contentWords("do it")).toEqual([]);
    expect(judgeText("do it", "did it").ok).toBe(false);
  });
});
