// Times ahead in a plan (spirit/decide/plans/time.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { planIn } from "../../../../spirit/decide/plans/clause.js";
import { timeAhead } from "../../../../spirit/decide/plans/time.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock (the words' times are local)
const plan = (text: string) => planIn(text, { now, listener: "Ana" });

describe("times ahead", () => {
  it("reads times ahead, not stretches", () => {
    expect(timeAhead("in a couple of hours", now)?.text).toBe("in a couple of hours");
    expect(timeAhead("for two weeks", now)).toBeUndefined();
    expect(timeAhead("after the meeting", now)?.text).toBe("after the meeting");
  });
});

describe("a time with nothing to fix it is part of a name", () => {
  it("'super bowl weekend', 'game day weekend': no time said", async () => {
    expect(timeAhead("grilling burgers game day weekend", now)).toBeUndefined();
    expect(timeAhead("grilling burgers this weekend", now)?.text).toBe("this weekend");
    expect(await plan("I'll be grilling burgers super bowl weekend!")).toBeUndefined();
    expect(await plan("I'll be grilling burgers this weekend!")).toMatchObject({ action: "grill burgers this weekend", when: "this weekend" });
  });
});
