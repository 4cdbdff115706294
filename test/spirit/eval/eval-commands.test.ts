import { describe, expect, it } from "vitest";
import { evaluateCommands, parseCommands, TARGETS } from "../../../spirit/eval/eval-commands.js";

const line = (text: string, label: string, source: string) => JSON.stringify({ text, label, kind: source.split("_")[0], source_label: source });

describe("eval:commands", () => {
  it("scores each command alone with the user through the Spirit's decision path, and checks every reminder's text", async () => {
    const raw = [
      line("olly remind me about the plumber tomorrow at six", "reminder", "calendar_set"),
      line("wake me up at seven am", "reminder", "alarm_set"),
      line("turn off the lights in the kitchen", "task", "iot_hue_lightoff"),
      line("cancel my alarm for tomorrow", "task", "alarm_remove"),
      line("what alarms do i have", "quiet", "alarm_query"),
      line("what is the weather like today", "quiet", "weather_query"),
    ].join("\n");
    const f = await evaluateCommands("commands.jsonl", parseCommands("commands.jsonl", raw));
    expect(f.confusion).toEqual({
      reminder: { reminder: 2, acting: 0, quiet: 0 },
      task: { reminder: 0, acting: 2, quiet: 0 },
      quiet: { reminder: 0, acting: 0, quiet: 2 },
    });
    expect([f.actingPrecision, f.quietKept, f.reminderRecall, f.taskRecall]).toEqual([1, 1, 1, 1]);
    expect(Object.values(f.pass).every(Boolean)).toBe(true);
    expect(f.managingCreated).toEqual([]);
    expect(f.reminderTexts.map((r) => [r.said, r.problems])).toEqual([
      ["the plumber", []],
      ["wake up", []],
    ]);
    // What the answers and the honest line said, as the daemon would write them.
    const lines = f.rows.flatMap((r) => r.lines);
    expect(lines).toContain('can\'t: I can\'t control the lights yet (heard user: "turn off the lights in the kitchen")');
    expect(lines).toContain('answer: you have no alarms or reminders set (heard user: "what alarms do i have")');
    expect(TARGETS.reminderRecall).toBe(0.95);
  });

  it("names the line and what it expected for a malformed file", () => {
    expect(() => parseCommands("c.jsonl", '{"text": "play jazz", "label": "music"}')).toThrow(/c\.jsonl:1: expected a JSON object \{"text": string, "label": "reminder"\|"task"\|"quiet"/);
    expect(() => parseCommands("c.jsonl", "\nnot json")).toThrow(/c\.jsonl:2: .*invalid JSON/);
  });
});
