// Times ahead in a plan (spirit/decide/plans/time.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { planIn } from "../../../../spirit/decide/plans/clause.js";
import { settledTime, timeAhead } from "../../../../spirit/decide/plans/time.js";
import { offerFor } from "../../../../spirit/decide/offers.js";

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

describe("a length of time with words between 'in' and it", () => {
  it("'in about a half an hour', 'in like an hour': the whole is the time ahead", async () => {
    expect(timeAhead("meet you in about a half an hour", now)?.text).toBe("in about a half an hour");
    expect(timeAhead("back in like an hour", now)?.text).toBe("in like an hour");
    expect(timeAhead("in a half an hour", now)?.text).toBe("in a half an hour");
    expect(await plan("Okay then I'll meet you in about a half an hour, I think.")).toMatchObject({ action: "meet Ana in about a half an hour", when: "in about a half an hour" });
  });

  it("a length not ahead stays none: 'for about a half an hour', 'spent about an hour'", () => {
    expect(timeAhead("we talked for about a half an hour", now)).toBeUndefined();
    expect(timeAhead("I spent about an hour on it", now)).toBeUndefined();
  });
});

describe("an hour said in words", () => {
  it("'at five', 'at quarter to four', 'at ten thirty', 'at nine tomorrow': a time ahead, reminded at that hour", async () => {
    expect(timeAhead("pick up the kids at five", now)?.text).toBe("at five");
    expect(timeAhead("see the doctor at quarter to four", now)?.text).toBe("at quarter to four");
    expect(timeAhead("email her at ten thirty", now)?.text).toBe("at ten thirty");
    expect(timeAhead("phone the bank at nine tomorrow", now)?.text).toBe("at nine tomorrow");
    const kids = await plan("I will pick up the kids at five.");
    expect(kids).toMatchObject({ action: "pick up the kids at five", when: "at five", from: "user" });
    // Kept as said: the reminder agent reads an hour in words (agents/reminder/plan.ts), the afternoon up to seven.
    expect(await offerFor(kids!, false, now)).toMatchObject({ task: "remind me to pick up the kids at five", question: "Want me to remind you to pick up the kids at five?" });
  });

  it("a count or a place in a list is no hour: 'at one point', 'at two of them', 'at seven people'", async () => {
    expect(timeAhead("at one point I'll call him", now)).toBeUndefined();
    expect(timeAhead("look at two of them", now)).toBeUndefined();
    expect(timeAhead("a table at seven people", now)).toBeUndefined();
    expect(await plan("At one point I'll call him.")).toBeUndefined();
  });
});

describe("counted from a day", () => {
  it("'a week from Tuesday', 'two days after Friday': the whole is the time ahead, offered as said (chrono reads it: tools/calendar/day-parsers.ts)", async () => {
    expect(timeAhead("go to the dentist a week from Tuesday", now)?.text).toBe("a week from Tuesday");
    expect(timeAhead("call him two days after Friday", now)?.text).toBe("two days after Friday");
    const dentist = await plan("I'm going to the dentist a week from Tuesday.");
    expect(await offerFor(dentist!, false, now)).toMatchObject({ question: "Want me to remind you to go to the dentist a week from Tuesday?", task: "remind me to go to the dentist a week from Tuesday" });
  });

  it("a length of time that is no moment stays none: 'for two days after Friday'", () => {
    expect(timeAhead("I worked for two days after Friday", now)).toBeUndefined();
  });
});

describe("an hour in words, proposed", () => {
  it("'what about tomorrow at five?', 'how about at six?': the hour is part of the time settled", () => {
    expect(settledTime("What about tomorrow at five?", now)?.text).toBe("tomorrow at five");
    expect(settledTime("How about at six?", now)?.text).toBe("at six");
    expect(settledTime("Sure, at half past twelve?", now)?.text).toBe("at half past twelve");
  });

  it("in a long turn that is no proposal, an hour is as often told: 'somebody booked the room for at one'", () => {
    expect(settledTime("And now the meeting room is busy, somebody booked the meeting room just for at one, so we should leave.", now)).toBeUndefined();
  });
});

describe("'like' or 'about' before an hour", () => {
  it("'at like four', 'at about six': a filler or a hedge, and the hour is the time", async () => {
    expect(await plan("so um i'll i'll call you back at like four")).toMatchObject({ action: "call Ana back at four", when: "at four" });
    expect(await plan("I'll call you at about six.")).toMatchObject({ when: "at about six" });
    expect(await plan("I like it at home.")).toBeUndefined();
  });
});

describe("half past, as said in Britain", () => {
  it("'at half three' is an hour", async () => {
    expect(timeAhead("picking the kids up at half three", now)?.text).toBe("at half three");
    expect((await offerFor((await plan("I'm picking the kids up at half three."))!, false, now))?.question).toBe("Want me to remind you to pick the kids up at half three?");
  });
});

describe("a length said in words past ten", () => {
  it("'in forty five minutes', 'in twenty days': a time ahead; 'in twenty minutes' is now, as 'in 20 minutes' is", async () => {
    expect(timeAhead("call you back in forty five minutes", now)?.text).toBe("in forty five minutes");
    expect(await plan("I'll call you back in forty five minutes.")).toMatchObject({ action: "call Ana back in forty five minutes", when: "in forty five minutes" });
    expect(await plan("I'll call you back in twenty minutes.")).toBeUndefined();
    expect(await plan("I'll call you back in 20 minutes.")).toBeUndefined();
    expect(timeAhead("I worked there for forty five minutes", now)).toBeUndefined();
  });
});
