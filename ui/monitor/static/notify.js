// @ts-check
/**
 * Browser notifications for what should reach the user even when the tab is in the
 * background: a reminder firing (`event:notify`), a question of the Spirit, an agent that
 * failed. Only after the user asked for them (a click on "Notify me": browsers allow the
 * permission prompt only from a gesture), and only for entries that arrive live.
 */

/** @typedef {import("./render.js").EntryJson} EntryJson */
import { nudgeQuestion } from "./render.js";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * What an entry should say in a notification, or null when it needs no one.
 * @param {EntryJson} e
 * @param {(id: string) => string | undefined} [tasks]  the task of a session the page knows
 * @returns {{ title: string, body: string } | null}
 */
export function notificationFor(e, tasks) {
  if (e.kind === "event" && e.source === "notify") return { title: "Reminder", body: e.output };
  if (e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: ")) return { title: "The Spirit asks", body: nudgeQuestion(e.output) };
  // Titled by the task when the page knows it (a raw session id means nothing to a person).
  if (e.kind === "agent" && e.status === "failed") return { title: tasks?.(e.id) ? `Needs you: ${tasks(e.id)}` : "An agent needs you", body: e.need ?? e.output };
  return null;
}

/**
 * Sets up the "Notify me" button; returns what to call for each live entry.
 * @param {(id: string) => string | undefined} tasks  the task of a session the page knows
 */
export function setupNotifications(tasks) {
  const button = /** @type {HTMLButtonElement} */ ($("notify"));
  const supported = "Notification" in window;
  const show = () => {
    button.hidden = !supported || Notification.permission === "granted";
    button.textContent = supported && Notification.permission === "denied" ? "notifications blocked" : "Notify me";
    button.disabled = supported && Notification.permission === "denied";
  };
  show();
  button.addEventListener("click", () => void Notification.requestPermission().then(show));
  /** @param {EntryJson} e */
  return (e) => {
    if (!supported || Notification.permission !== "granted") return;
    const n = notificationFor(e, tasks);
    // One notification per session id: a later one replaces it rather than piling up.
    if (n) new Notification(n.title, { body: n.body, tag: `world-${e.id}` });
  };
}
