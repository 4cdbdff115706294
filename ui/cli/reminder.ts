/**
 * `world reminder list|cancel|move|snooze`: a person manages reminders and timers
 * (agents/reminders.ts): what is pending, cancel one, move it to another time, snooze it.
 */
import { cancelReminder, listReminders, moveReminder, snoozeReminder, type Moved } from "../../agents/reminders.js";
import { findWhen } from "../../agents/reminder/when.js";
import { UsageError, shown } from "../../tools/errors.js";
import { parseDuration } from "../../tools/duration.js";
import { checkId } from "../../tools/world/entry.js";
import { escapeField } from "../../tools/world/escape.js";
import { formatEntry } from "../../tools/world/format.js";
import { openIndex } from "../../tools/world/index-db.js";
import { requireHome, type Context } from "./context.js";
import { whenText } from "../../tools/time-text.js";

const ACTIONS = "list, cancel <id>, move <id> <time>, snooze <id> <duration>";

function needId(id: string | undefined, action: string): string {
  if (id === undefined) throw new UsageError(`missing reminder id: expected \`world reminder ${action} <id>\` (ids: world reminder list), received nothing`);
  return checkId(id, "session id");
}

function moved(ctx: Context, m: Moved): void {
  ctx.out(formatEntry(m.entry));
  ctx.out(`${m.id}: due ${whenText(new Date(m.due), new Date())} (was ${whenText(new Date(m.from), new Date())})`);
}

export async function reminder(ctx: Context, action: string, id: string | undefined, words: string[], opts: { json?: boolean }): Promise<void> {
  const { paths } = requireHome(ctx);
  switch (action) {
    case "list": {
      const index = openIndex(paths);
      try {
        const rows = listReminders(index);
        const now = new Date();
        for (const r of rows) ctx.out(opts.json ? JSON.stringify(r) : `${r.kind.padEnd(8)} ${r.id}  due ${whenText(new Date(r.due), now)}${r.repeats ? `, repeats ${r.repeats}` : ""}\n    ${escapeField(r.message)}`);
        if (!opts.json && rows.length === 0) ctx.out("(no reminders or timers pending)");
      } finally {
        index.close();
      }
      return;
    }
    case "cancel": {
      const closed = await cancelReminder(paths, needId(id, "cancel"), { person: ctx.writer() }, { sync: ctx.sync });
      ctx.out(formatEntry(closed.entry));
      return;
    }
    case "move": {
      const text = words.join(" ");
      const now = new Date();
      const due = text.trim() === "" ? undefined : findWhen(text, now)?.due;
      if (due === undefined) throw new UsageError(`invalid time: expected \`world reminder move <id> <time>\` with a time like "8pm", "tomorrow at 9" or "in 2 hours", received ${shown(text)}`);
      moved(ctx, await moveReminder(paths, needId(id, "move"), due, { person: ctx.writer() }, { sync: ctx.sync, now }));
      return;
    }
    case "snooze": {
      const ms = parseDuration(words.join(" ") || "10m", "snooze duration");
      moved(ctx, await snoozeReminder(paths, needId(id, "snooze"), ms, { person: ctx.writer() }, { sync: ctx.sync }));
      return;
    }
    default:
      throw new UsageError(`unknown reminder action: expected one of ${ACTIONS}, received ${shown(action)}`);
  }
}
