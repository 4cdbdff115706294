// @ts-check
/**
 * DOM building for the monitor page. Log text only ever enters the page as textContent
 * (through `el`), never as HTML: a log line holding <script> shows as those characters.
 */

/**
 * @typedef {{ line?: number, ts: string, kind: "event" | "agent", source?: string, status?: string, id: string, output: string, need?: string, outputRef?: string, needRef?: string }} EntryJson
 * @typedef {{ id: string, state: string, status: string, task: string, need: string | null, blocker: string | null, output: string, retries: number, startedAt: string | null, updatedAt: string, line: number, parkedUntil?: string | null, machine?: string | null }} SessionJson
 */

// Invisible and bidirectional characters (tools/world/entry.ts INVISIBLE): shown as \uXXXX,
// so "file \u202etxt.exe" does not display as "file exe.txt".
const INVISIBLE = /[\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/** @param {string} text */
export function visible(text) {
  return text.replace(INVISIBLE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * @param {string} tag
 * @param {{ className?: string, text?: string, attrs?: Record<string, string> }} [props]
 * @param {(Node | null | undefined | false)[]} children
 * @returns {HTMLElement}
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = visible(props.text);
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(child);
  return node;
}

/**
 * A time of day in the browser's own zone; with the date when it is not today.
 * @param {string} ts
 */
export function clock(ts) {
  const d = new Date(ts);
  if (Number.isNaN(d.getTime())) return ts;
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
  if (d.toDateString() === new Date().toDateString()) return time;
  return `${d.toLocaleDateString([], { month: "short", day: "numeric", ...(d.getFullYear() !== new Date().getFullYear() && { year: "numeric" }) })} ${time}`;
}

/**
 * How far a time is from now, either way: "12s ago", "5 min ago", "in 2 h", "in 3 d".
 * @param {string} ts @param {number} now
 */
export function ago(ts, now) {
  const ms = Date.parse(ts) - now;
  if (Number.isNaN(ms)) return ts;
  const s = Math.round(Math.abs(ms) / 1000);
  const span = s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)} min` : s < 86400 ? `${Math.floor(s / 3600)} h` : `${Math.floor(s / 86400)} d`;
  // A second ahead is clock skew between the writer and this browser, not the future.
  return ms > 1000 ? `in ${span}` : `${span} ago`;
}

/**
 * A time element that says both: "14:05:00 · in 2 h"; the relative part is kept fresh by
 * the page (every `time.rel` is redrawn on a timer).
 * @param {string} ts @param {number} now @param {string} [className]
 */
export function timeEl(ts, now, className = "ts") {
  return el("time", { className: `${className} rel`, text: `${clock(ts)} · ${ago(ts, now)}`, attrs: { datetime: ts, title: new Date(ts).toString() } });
}

const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z\b/g;

/**
 * The UTC instants written inside a text ("armed: due 2026-11-22T01:20:17.951Z"), each
 * shown once in local time and relative to now, beside the text (the text itself is the
 * log's and stays as written).
 * @param {string} text @param {number} now
 */
export function timesIn(text, now) {
  const found = [...new Set(text.match(ISO_TIME) ?? [])].slice(0, 3);
  if (found.length === 0) return null;
  return el("span", { className: "times" }, ...found.map((ts) => timeEl(ts, now, "in-text")));
}

/**
 * The question of a nudge line, without the words heard and what a yes starts
 * (tools/world/asks/nudge-line.ts reads the same; the API gives it as `question`): for the
 * live entries the stream sends, which carry only the line.
 * @param {string} output
 */
export function nudgeQuestion(output) {
  const body = output.replace(/^nudge: /, "");
  const cut = body.search(/ \(heard [^()]*?: ["“]| yes: [a-z][a-z0-9_-]* ["“]/);
  return cut === -1 ? body : body.slice(0, cut);
}

/** @param {number} n */
export function retries(n) {
  return n === 1 ? "after 1 retry" : `after ${n} retries`;
}

/** @param {EntryJson} e */
export function labelOf(e) {
  return e.kind === "event" ? `event:${e.source}` : `agent:${e.status}`;
}

/**
 * A button that opens a session's history.
 * @param {string} id
 */
export function idButton(id) {
  return el("button", { className: "id link", text: id, attrs: { type: "button", "data-open-session": id, title: "Show this session's history" } });
}

/** Outputs longer than this are folded to their start, with a button to unfold. */
const FOLD_CHARS = 280;

/**
 * A text that may be long: folded (CSS clamps it) with a "show all" button when it is.
 * @param {string} text @param {string} className
 */
export function foldable(text, className) {
  const span = el("span", { className, text });
  if (text.length <= FOLD_CHARS && text.split("\n").length <= 4) return span;
  span.classList.add("folded");
  const toggle = el("button", { className: "link unfold", text: "show all", attrs: { type: "button", "aria-expanded": "false" } });
  toggle.addEventListener("click", () => {
    const folded = span.classList.toggle("folded");
    toggle.textContent = folded ? "show all" : "show less";
    toggle.setAttribute("aria-expanded", String(!folded));
  });
  return el("span", { className: "fold" }, span, toggle);
}

/**
 * The whole text of a field stored in .world/attachments/: collapsed; the page loads it
 * when opened (app.js listens for `toggle` on every `details[data-attachment]`).
 * @param {string} ref @param {string} what
 */
export function attachmentBox(ref, what) {
  return el(
    "details",
    { className: "attachment", attrs: { "data-attachment": ref.replace(/^attachments\//, "") } },
    el("summary", { text: `the whole ${what} (.world/${ref})` }),
    el("pre", { className: "attachment-text" }),
  );
}

/**
 * A meeting brief named in a line (`… .world/briefs/<name>.md …`): collapsed, loaded when
 * opened from GET /api/brief/<name> (app.js), like an attachment.
 * @param {string} output
 */
function briefBox(output) {
  const name = /\.world\/briefs\/([A-Za-z0-9_-][A-Za-z0-9._-]*\.md)\b/.exec(output)?.[1];
  if (name === undefined) return null;
  return el(
    "details",
    { className: "attachment brief", attrs: { "data-brief": name } },
    el("summary", { text: `the brief (.world/briefs/${name})` }),
    el("pre", { className: "attachment-text" }),
  );
}

/**
 * One log entry as a row.
 * @param {EntryJson} e
 */
export function entryRow(e) {
  const key = e.kind === "event" ? e.source ?? "" : e.status ?? "";
  const now = Date.now();
  return el(
    "li",
    { className: `entry ${e.kind}`, attrs: { "data-line": String(e.line ?? ""), "data-label": labelOf(e) } },
    // Clock time and how long ago, kept fresh by app.js (every time.rel), in Recent, search and the session panel alike.
    timeEl(e.ts, now),
    el("span", { className: `label tag-${key}`, text: labelOf(e) }),
    idButton(e.id),
    el("span", { className: "body" }, foldable(e.output, "output"), timesIn(e.output, now)),
    e.outputRef ? attachmentBox(e.outputRef, "output") : null,
    briefBox(e.output),
    e.need !== undefined ? el("span", { className: "need", text: `need: ${e.need}` }) : null,
    e.needRef ? attachmentBox(e.needRef, "need") : null,
  );
}

/**
 * A button that closes a session for good: the first click asks "Close for good?", the
 * second (within a few seconds) closes it (app.js, POST /api/close).
 * @param {string} id
 */
export function closeButton(id) {
  return el("button", { className: "close-session", text: "Close", attrs: { type: "button", "data-close-session": id, title: "End this session for good: its processes are stopped, nobody acts on it again" } });
}

/** Is this session a pending reminder or timer (its latest line its armed line)? @param {SessionJson} s */
export function isReminder(s) {
  return s.status === "active" && /^armed: due \S+ by (reminder|timer)\b/.test(s.output);
}

/**
 * Snooze and move for a pending reminder or timer (app.js, POST /api/reminder).
 * @param {string} id
 */
export function reminderControls(id) {
  const when = el("input", { attrs: { type: "datetime-local", name: "due", "aria-label": `New time for ${id}`, required: "" } });
  return el(
    "div",
    { className: "reminder-controls" },
    el("button", { className: "snooze", text: "Snooze 10 min", attrs: { type: "button", "data-snooze": id } }),
    el("form", { className: "move", attrs: { "data-move": id } }, when, el("button", { text: "Move", attrs: { type: "submit" } })),
  );
}

/**
 * An active or pending session. A parked one (`parkedUntil`: nothing to do until then, no
 * process) is labelled "parked" and says when it wakes, instead of its raw park line.
 * @param {SessionJson} s
 * @param {number} now
 */
export function sessionRow(s, now) {
  const parked = typeof s.parkedUntil === "string";
  const label = parked ? "parked" : s.status;
  return el(
    "li",
    { className: `session status-${s.status}${parked ? " parked" : ""}`, attrs: { "data-id": s.id } },
    el("div", { className: "row" }, idButton(s.id), el("span", { className: `label tag-${label}`, text: label }), s.machine ? el("span", { className: "machine", text: `on ${s.machine}` }) : null, timeEl(s.updatedAt, now, "ago")),
    el("p", { className: "task", text: s.task || s.output }),
    s.need !== null ? el("p", { className: "need", text: `need: ${s.need}` }) : null,
    parked
      ? el("p", { className: "parked-until" }, document.createTextNode("parked until "), timeEl(/** @type {string} */ (s.parkedUntil), now, "wake"))
      : s.output !== s.task && s.output !== "" ? el("p", { className: "last", text: `latest: ${s.output}` }) : null,
    s.retries > 0 ? el("p", { className: "retries", text: retries(s.retries) }) : null,
    el("div", { className: "actions" }, isReminder(s) ? reminderControls(s.id) : null, closeButton(s.id)),
  );
}

/**
 * A text box and a send button; `onSend(text)` resolves when the answer is written.
 * @param {string} id
 * @param {string} placeholder
 * @param {(text: string) => Promise<void>} onSend
 * @param {string[]} quick  one-click answers (e.g. yes / no)
 */
export function answerForm(id, placeholder, onSend, quick = []) {
  const input = /** @type {HTMLTextAreaElement} */ (el("textarea", { attrs: { rows: "2", placeholder, "aria-label": `Answer ${id}`, name: "text" } }));
  const status = el("p", { className: "form-status", attrs: { "aria-live": "polite" } });
  const send = /** @type {HTMLButtonElement} */ (el("button", { className: "primary", text: "Send", attrs: { type: "submit" } }));
  const form = /** @type {HTMLFormElement} */ (el("form", { className: "answer", attrs: { "data-answer-for": id } }));
  /** @param {string} text */
  const submit = async (text) => {
    if (text.trim() === "") {
      status.textContent = "Write an answer first.";
      status.className = "form-status error";
      return;
    }
    for (const b of form.querySelectorAll("button")) b.disabled = true;
    status.textContent = "sending…";
    status.className = "form-status";
    try {
      await onSend(text);
      input.value = "";
      status.textContent = "sent";
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
      status.className = "form-status error";
    } finally {
      for (const b of form.querySelectorAll("button")) b.disabled = false;
    }
  };
  const buttons = el("div", { className: "buttons" });
  for (const answer of quick) {
    const b = el("button", { className: `quick quick-${answer}`, text: answer[0]?.toUpperCase() + answer.slice(1), attrs: { type: "button", "data-answer": answer } });
    b.addEventListener("click", () => void submit(answer));
    buttons.append(b);
  }
  buttons.append(send);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(input.value);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) form.requestSubmit();
  });
  form.append(input, buttons, status);
  return form;
}
