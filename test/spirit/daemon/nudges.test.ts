/** Nudges answered through the real `world respond`, declined, suppressed, and expired. */
import { describe, expect, it } from "vitest";
import { waitForEntry, world } from "../../support/world.js";
import { agentEnded, outputs, speak, spiritLines, useSpiritWorld, waitForCursor } from "../helpers.js";

describe("nudges", { timeout: 90_000 }, () => {
  const sw = useSpiritWorld();

  const said = (id: string, output: string) =>
    waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.id === id && e.output === output, { what: `${id} ${output}` });
  const told = () => spiritLines(sw.w.paths).filter((e) => !e.output.startsWith("needs you"));

  it("a short spoken yes or no from the user answers the one recent nudge; otherwise it is just speech", async () => {
    await sw.start();
    await speak(sw.w.home, ["user", "yes"]); // no nudge open: ordinary (quiet) speech
    await speak(sw.w.home, ["user", "send 200 dollars to bob"]);
    const nudge = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: "));
    await speak(sw.w.home, ["user", "sure, after lunch"]); // a reply with more in it may be to someone else
    await speak(sw.w.home, ["user", "no thanks"]);
    const relayed = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "user" && e.id === nudge.id);
    expect(relayed.output).toBe("no thanks (spoken)");
    await said(nudge.id, 'nudge declined: nothing done (user answered "no thanks (spoken)")');
    await speak(sw.w.home, ["alice", "no"]); // not the user: not an answer (spirit/decide/spoken-answer.ts has the other cases)
    await waitForCursor(sw.w.paths);
    const answers = (await world(sw.w.home, ["query", "events", "user", "--json"])).stdout.split("\n").filter(Boolean);
    expect(answers).toHaveLength(1);
    expect(outputs(told())).toEqual([nudge.output, 'nudge declined: nothing done (user answered "no thanks (spoken)")']);
  });

  it("yes → a spawn; no → nothing, and that kind is not offered again; a preference silences a topic", async () => {
    await sw.start();
    // Offline, a yes starts what an offline agent does: a reminder, kept with the nudge.
    await speak(sw.w.home, ["user", "text bob in 3 seconds"]);
    const message = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: "));
    expect(message.output).toBe('nudge: Want me to remind you to text Bob in 3 seconds? (heard user: "text bob in 3 seconds") yes: reminder "remind me to text Bob in 3 seconds"');
    expect((await world(sw.w.home, ["respond", message.id, "yes"])).exitCode).toBe(0);
    const spawn = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("spawn: "));
    expect(spawn.output).toBe(`spawn: reminder "remind me to text Bob in 3 seconds" because user said "yes" to ${message.id}`);
    const start = await waitForEntry(sw.w.paths, (e) => e.kind === "agent" && e.status === "start" && e.id === spawn.id);
    expect(start).toMatchObject({ output: "remind me to text Bob in 3 seconds", need: "event notify logged" });

    // The user said yes to the last nudge: another may come in the same conversation.
    await speak(sw.w.home, ["user", "send 200 dollars to bob"]);
    await waitForCursor(sw.w.paths);
    const money = spiritLines(sw.w.paths).find((e) => e.output.startsWith("nudge: ") && e.id !== message.id);
    expect(money?.output).toBe('nudge: Want me to remind you to send 200 dollars to bob in 1 hour? (heard user: "send 200 dollars to bob") yes: reminder "remind me to send 200 dollars to bob in 1 hour"');

    expect((await world(sw.w.home, ["respond", money!.id, "maybe", "later"])).exitCode).toBe(0);
    await said(money!.id, `nudge unclear: "maybe later" is neither yes nor no; still waiting (world respond ${money!.id} yes|no)`);
    // Still waiting, and still shown as waiting (issue 12.6: it used to vanish from query nudges).
    const stateOf = async (id: string) => (await world(sw.w.home, ["query", "nudges", "all", "--json"])).stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l)).find((n) => n.id === id)?.state;
    expect(await stateOf(money!.id)).toBe("open");
    expect((await world(sw.w.home, ["respond", money!.id, "no need"])).exitCode).toBe(0);
    await said(money!.id, 'nudge declined: nothing done (user answered "no need")');
    expect(await stateOf(money!.id)).toBe("declined");
    // `world respond` to a declined question says so (exit 3) and writes nothing…
    const late = await world(sw.w.home, ["respond", money!.id, "yes"]);
    expect(late.exitCode).toBe(3);
    expect(late.stderr).toMatch(/^world: refused: question \S+ was declined: an answer now does nothing, so none was written/);
    // …and an answer that gets in another way is still closed by the Spirit, nothing done.
    expect((await world(sw.w.home, ["event", "user", money!.id, "yes"])).exitCode).toBe(0);
    await said(money!.id, 'nudge closed: "yes" came after the nudge was declined; nothing done');

    // A similar nudge later is suppressed: the user said no to money nudges.
    await speak(sw.w.home, ["user", "send 50 dollars to carol"]);
    // The user's stated preference silences flights, although a flight nudge was accepted before.
    await speak(sw.w.home, ["user", "don't suggest flights"], ["user", "we should book a flight to paris"]);
    await waitForCursor(sw.w.paths);

    const expected = [
      message.output,
      spawn.output,
      money!.output,
      `nudge unclear: "maybe later" is neither yes nor no; still waiting (world respond ${money!.id} yes|no)`,
      'nudge declined: nothing done (user answered "no need")',
      'nudge closed: "yes" came after the nudge was declined; nothing done',
      'preference: no nudges about flights (heard user: "don\'t suggest flights")',
    ];
    expect(outputs(told())).toEqual(expected);

    // After a restart nothing is answered, declined or remembered twice.
    await sw.stop();
    await sw.start();
    await waitForCursor(sw.w.paths);
    expect(outputs(told())).toEqual(expected);
    await agentEnded(sw.w.paths, spawn.id);
  });

  it("an unanswered nudge expires once, without action, also across a restart; a late yes does nothing", async () => {
    await sw.start(["--nudge-expiry", "1s"]);
    await speak(sw.w.home, ["user", "send 200 dollars to bob"]);
    const nudge = await waitForEntry(sw.w.paths, (e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: "));
    await said(nudge.id, "nudge expired: no answer within 1s; nothing done");
    // Shown as expired, not open, and with the expiry the Spirit announced (its awake line says 1s).
    const shown = JSON.parse((await world(sw.w.home, ["query", "nudges", "all", "--json"])).stdout);
    expect(shown).toMatchObject({ id: nudge.id, state: "expired", expiresAt: new Date(Date.parse(nudge.ts) + 1000).toISOString() });
    expect((await world(sw.w.home, ["query", "nudges"])).stdout).toBe("(no nudges waiting)");

    await sw.stop();
    await sw.start(["--nudge-expiry", "1s"]);
    await waitForCursor(sw.w.paths);
    const late = await world(sw.w.home, ["respond", nudge.id, "yes"]);
    expect(late.exitCode).toBe(3);
    expect(late.stderr).toMatch(/was not answered in time and expired at \S+: an answer now does nothing/);
    expect((await world(sw.w.home, ["event", "user", nudge.id, "yes"])).exitCode).toBe(0);
    await said(nudge.id, 'nudge closed: "yes" came after the nudge was expired; nothing done');
    await waitForCursor(sw.w.paths);
    expect(outputs(spiritLines(sw.w.paths))).toEqual([
      'nudge: Want me to remind you to send 200 dollars to bob in 1 hour? (heard user: "send 200 dollars to bob") yes: reminder "remind me to send 200 dollars to bob in 1 hour"',
      "nudge expired: no answer within 1s; nothing done",
      'nudge closed: "yes" came after the nudge was expired; nothing done',
    ]);
  });
});
