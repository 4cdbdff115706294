/**
 * Delivering a notification to the person.
 *
 * The log line is the delivery that always happens: `[event:notify][<id>] <message>`
 * (monitors, `world tail`, the Spirit and grep all see it). On top of that, when
 * `notify-send` is on the PATH and a display is available (DISPLAY or WAYLAND_DISPLAY),
 * a desktop notification is shown too. A missing notifier or display is normal on a
 * server and never an error: the result says what happened, the log line is there.
 */
import { delimiter, join } from "node:path";
import { accessSync, constants } from "node:fs";
import { commandFailed, runQuickCommand } from "./process/run-command.js";
import type { Appender } from "./world/append.js";
import type { Entry } from "./world/entry.js";

export const NOTIFY_SOURCE = "notify";

export interface NotifyInput {
  /** The session (or other identifier) the notification belongs to. */
  id: string;
  /** The whole message, as logged: e.g. "Reminder: call mom" (trimmed; 1–2000 characters). */
  message: string;
  /** The desktop notification's title (default "world"; trimmed, 1–200 characters). */
  title?: string | undefined;
  urgency?: "low" | "normal" | "critical" | undefined;
}

/** Checked at delivery, with zod loaded then: an agent that only arms never pays for it (issue 23). */
async function checked(input: NotifyInput): Promise<NotifyInput> {
  const { z } = await import("zod");
  return z
    .object({
      id: z.string().min(1),
      message: z.string().trim().min(1).max(2000),
      title: z.string().trim().min(1).max(200).optional(),
      urgency: z.enum(["low", "normal", "critical"]).optional(),
    })
    .parse(input);
}

export type DesktopResult = { shown: true } | { shown: false; why: string };

export interface NotifyResult {
  entry: Entry;
  desktop: DesktopResult;
}

/** The first executable called `name` on PATH, or undefined. */
export function onPath(name: string, path = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

function hasDisplay(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** Shows a desktop notification if this machine can; never throws. */
export async function desktopNotify(title: string, body: string, urgency = "normal", env: NodeJS.ProcessEnv = process.env): Promise<DesktopResult> {
  if (!hasDisplay(env)) return { shown: false, why: "no display (DISPLAY/WAYLAND_DISPLAY unset)" };
  const bin = onPath("notify-send", env.PATH);
  if (bin === undefined) return { shown: false, why: "notify-send is not installed" };
  // Array arguments: the message is never seen by a shell. "--" ends options, so a
  // message starting with '-' is not taken for one.
  const result = await runQuickCommand(bin, ["--app-name=world", `--urgency=${urgency}`, "--", title, body], { timeoutMs: 5000, env });
  const failed = commandFailed(result);
  if (failed === undefined) return { shown: true };
  if (result.error !== undefined && result.exitCode === null && result.signal === null) return { shown: false, why: `notify-send could not run: ${result.error}` };
  return { shown: false, why: `notify-send ${failed}: ${result.stderr.trim().slice(0, 200)}` };
}

/** Logs the notification (always) and shows it on the desktop (when possible). */
export async function notify(appender: Appender, input: NotifyInput, env: NodeJS.ProcessEnv = process.env): Promise<NotifyResult> {
  const n = await checked(input);
  const entry = appender.append({ kind: "event", source: NOTIFY_SOURCE, id: n.id, output: n.message });
  const desktop = await desktopNotify(n.title ?? "world", n.message, n.urgency, env);
  return { entry, desktop };
}
