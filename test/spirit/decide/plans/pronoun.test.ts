// "it" and "them" in the user's plan, read as the thing named before (spirit/decide/plans/pronoun.ts). Our own sentences.
import { describe, expect, it } from "vitest";
import { pronounPlan } from "../../../../spirit/decide/plans/pronoun.js";

const now = new Date(2026, 2, 2, 9, 0); // a Monday morning, on this machine's clock
const ctx = { now, listener: "Sam" };
const turns = (...said: [string, string][]) => said.map(([speaker, text]) => ({ speaker, isUser: speaker === "me", text }));

describe("a pronoun in the user's timed plan, the thing named before", () => {
  it("'them' a plural thing, 'it' a singular one; the other's 'your' is the user's", async () => {
    const sale = turns(["Sam", "Could you bake something for the fair?"], ["me", "Sure. I'll make a tray of lemon tarts."], ["Sam", "Lovely. Please bring them to the hall by ten."]);
    expect(await pronounPlan("OK, I'll bake them on Friday evening.", sale, ctx)).toMatchObject({ action: "bake lemon tarts on Friday evening", when: "on Friday evening" });
    const garage = turns(["Sam", "We can do your brakes on Thursday. You'll need to drop the van off by eight."], ["me", "How long will it take?"], ["Sam", "Until about four in the afternoon."]);
    expect(await pronounPlan("Fine. I'll collect it on Thursday.", garage, ctx)).toMatchObject({ action: expect.stringContaining("collect the van") });
    // Another's "my slides" are theirs.
    expect(await pronounPlan("Sure, send them over. I'll read them tomorrow morning.", turns(["Sam", "Could you look over my slides before the board meeting?"]), ctx)).toMatchObject({ action: expect.stringContaining("Sam's slides") });
    expect(await pronounPlan("I'll book it this weekend.", turns(["Sam", "So, when's your driving test?"], ["me", "I haven't booked it yet."]), ctx)).toMatchObject({ action: expect.stringContaining("book my driving test") });
  });

  it("quiet: a hedge, no time, a verb whose 'it' is no thing, people, nothing of the pronoun's number", async () => {
    const shoes = turns(["Sam", "These boots come in brown too."]);
    expect(await pronounPlan("I'll probably buy them on Saturday.", shoes, ctx)).toBeUndefined();
    expect(await pronounPlan("OK so I'll post them.", shoes, ctx)).toBeUndefined();
    expect(await pronounPlan("I'll do it tonight.", turns(["Sam", "The form is on the website."]), ctx)).toBeUndefined();
    expect(await pronounPlan("I'll call it again tomorrow.", turns(["Sam", "The number was busy."]), ctx)).toBeUndefined();
    expect(await pronounPlan("I'll see them on Friday.", turns(["Sam", "My instructor and my coach are coming."]), ctx)).toBeUndefined();
    expect(await pronounPlan("I'll buy it on Saturday.", shoes, ctx)).toBeUndefined();
  });
});
