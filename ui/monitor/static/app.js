// @ts-check
/**
 * The monitor page: snapshots from /api, live entries from /events (server-sent events),
 * answers through POST /api/respond. The token comes from the URL fragment (#token=…),
 * is kept in localStorage for this origin, and goes out as `Authorization: Bearer`.
 */
import { presenceOf } from "./presence.js";
import { setupNotifications } from "./notify.js";
import { answerForm, ago, clock, closeButton, el, entryRow, idButton, nudgeQuestion, retries, sessionRow, timeEl, visible } from "./render.js";
import { setupSearch } from "./search.js";

/** @typedef {import("./render.js").EntryJson} EntryJson */
/** @typedef {import("./render.js").SessionJson} SessionJson */
/** @typedef {EntryJson & { state: string, expiresAt: string, answers: { ts: string, output: string, reads: "yes" | "no" | "unclear" }[], question?: string, offer?: { agentKind: string, task: string, need?: string } | null }} NudgeJson */
/** @typedef {{ failed: { session: SessionJson, answer: EntryJson | null, roundRetries: number }[], nudges: NudgeJson[], warnings: EntryJson[] }} Attention */
/** @typedef {{ name: string, state: string, running: boolean, pid: number | null, since: string, restarts: number, last?: string }} DaemonStatus */
/** @typedef {{ stream: string, exists: boolean, bytes: number, text: string, truncated: boolean }} OutputTail */

const RECENT_KEEP = 100;
const TOKEN_KEY = "world-monitor-token";

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  token: "",
  /** @type {Map<number, EntryJson>} */
  recent: new Map(),
  /** @type {SessionJson[]} */
  active: [],
  /** @type {SessionJson[]} */
  pending: [],
  /** @type {Attention} */
  attention: { failed: [], nudges: [], warnings: [] },
  /** @type {string | null} */
  openSession: null,
  /** Entries up to this line were already in the log when the page loaded: no notification for them. */
  seenLine: Infinity,
};

/** @type {(e: EntryJson) => void} */
let notify = () => {};

// ---- token ---------------------------------------------------------------------------

function takeToken() {
  const m = /(?:^|[#&])token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    localStorage.setItem(TOKEN_KEY, m[1] ?? "");
    history.replaceState(null, "", location.pathname + location.search); // out of the address bar
  }
  return localStorage.getItem(TOKEN_KEY) ?? "";
}

function needToken() {
  localStorage.removeItem(TOKEN_KEY);
  $("no-token").hidden = false;
  $("main").hidden = true;
  setConnection("closed", "no token");
}

// ---- talking to the server --------------------------------------------------------------

class ApiError extends Error {}

/** @param {Response} res */
async function failure(res) {
  let message = `${res.status} ${res.statusText}`;
  try {
    const body = await res.json();
    if (body && typeof body.error === "string") message = body.error;
  } catch {
    /* not JSON: keep the status line */
  }
  if (res.status === 401) needToken();
  return new ApiError(message);
}

/** @param {string} path */
async function get(path) {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${state.token}` }, cache: "no-store" });
  if (!res.ok) throw await failure(res);
  return res.json();
}

/** @param {string} id @param {string} text */
async function respond(id, text) {
  await post("/api/respond", { id, text });
}

/** A state change (respond, close, reminder): POST with the token; a refusal is shown. @param {string} path @param {object} body */
async function post(path, body) {
  const res = await fetch(path, {
    method: "POST",
    headers: { Authorization: `Bearer ${state.token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const error = await failure(res);
    showAlert(error.message);
    throw error;
  }
  const result = await res.json();
  if (typeof result.warning === "string") showAlert(result.warning);
  scheduleRefresh();
  return result;
}

/**
 * Close, snooze and move buttons, present and future: one listener each. Closing asks once
 * more ("Close for good?") before it ends a session for good.
 * @param {Event} event
 */
function onAction(event) {
  const target = event.target instanceof Element ? event.target : null;
  const close = target?.closest("[data-close-session]");
  if (close instanceof HTMLButtonElement) {
    const id = close.dataset.closeSession ?? "";
    if (close.dataset.confirm !== "yes") {
      close.dataset.confirm = "yes";
      close.textContent = "Close for good?";
      setTimeout(() => {
        close.dataset.confirm = "";
        close.textContent = "Close";
      }, 5000);
      return;
    }
    close.disabled = true;
    void post("/api/close", { id, reason: "closed in the monitor" }).catch(() => (close.disabled = false));
    return;
  }
  const snooze = target?.closest("[data-snooze]");
  if (snooze instanceof HTMLButtonElement) {
    snooze.disabled = true;
    void post("/api/reminder", { id: snooze.dataset.snooze ?? "", action: "snooze", minutes: 10 }).finally(() => (snooze.disabled = false));
  }
}

/** A reminder's Move form: the local time typed, sent as an instant. @param {Event} event */
function onMove(event) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (form?.dataset.move === undefined) return;
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (form.querySelector("input[name=due]"));
  const due = new Date(input.value);
  if (Number.isNaN(due.getTime())) return showAlert("Choose a date and time to move it to.");
  void post("/api/reminder", { id: form.dataset.move, action: "move", due: due.toISOString() }).catch(() => {});
}

// ---- alerts and connection ---------------------------------------------------------------

/** @param {string} message */
function showAlert(message) {
  $("alert-text").textContent = message;
  $("alert").hidden = false;
}

/** @param {string} kind @param {string} text */
function setConnection(kind, text) {
  const c = $("connection");
  c.dataset.state = kind;
  c.textContent = text;
}

// ---- rendering ------------------------------------------------------------------------------

/** @param {string} name @param {number} n */
function setEmpty(name, n) {
  const p = document.querySelector(`[data-empty-for="${name}"]`);
  if (p instanceof HTMLElement) p.hidden = n > 0;
}

/**
 * Rows are kept while their session's latest line stays (a Move time being typed, a
 * "Close for good?" being asked must survive the refresh another line causes).
 * @param {HTMLElement} list @param {SessionJson[]} sessions
 */
function renderSessions(list, sessions) {
  const now = Date.now();
  reconcile(list, sessions.map((s) => ({ key: `${s.id}@${s.line}@${s.machine ?? ""}`, make: () => sessionRow(s, now) })));
}

function renderRecent() {
  const entries = [...state.recent.values()].sort((a, b) => (b.line ?? 0) - (a.line ?? 0));
  $("recent").replaceChildren(...entries.map(entryRow));
  setEmpty("recent", entries.length);
}

/**
 * Cards are kept by key while they stay (a text box being typed in must survive a refresh).
 * @param {HTMLElement} list @param {{ key: string, make: () => HTMLElement, update?: (card: HTMLElement) => void }[]} items
 */
function reconcile(list, items) {
  /** @type {Map<string, HTMLElement>} */
  const existing = new Map();
  for (const child of list.children) if (child instanceof HTMLElement && child.dataset.key) existing.set(child.dataset.key, child);
  const cards = items.map(({ key, make, update }) => {
    const card = existing.get(key) ?? make();
    card.dataset.key = key;
    update?.(card);
    return card;
  });
  // Only move what moved, so focus and typed text stay put.
  cards.forEach((card, i) => {
    if (list.children[i] !== card) list.insertBefore(card, list.children[i] ?? null);
  });
  while (list.children.length > cards.length) list.lastElementChild?.remove();
}

/** @param {{ session: SessionJson, answer: EntryJson | null, roundRetries: number }} item */
function failedCard({ session: s, roundRetries }) {
  return el(
    "li",
    { className: "card failed", attrs: { "data-id": s.id } },
    el("div", { className: "row" }, idButton(s.id), el("span", { className: "label tag-failed", text: "failed" }), timeEl(s.updatedAt, Date.now(), "ago")),
    el("p", { className: "task", text: s.task || s.output }),
    el("p", { className: "blocker" }, el("strong", { text: "Blocked: " }), el("span", { className: "blocker-text", text: s.blocker ?? s.output })),
    // The retries `world query failed` counts (every one), and this round's when a person already helped.
    s.retries > 0 ? el("p", { className: "retries", text: `${retries(s.retries)}${roundRetries !== s.retries ? ` (${roundRetries} since your last answer)` : ""}` }) : null,
    el("p", { className: "answered" }),
    answerForm(s.id, "Tell the agent how to get unstuck…", (text) => respond(s.id, text)),
    el("div", { className: "actions" }, closeButton(s.id)),
  );
}

/** @param {NudgeJson} n */
function nudgeCard(n) {
  // People read the question; what a yes starts is a detail, folded.
  const question = n.question ?? nudgeQuestion(n.output);
  const offer = n.offer ? `${n.offer.agentKind} agent: ${n.offer.task}${n.offer.need ? ` (done when: ${n.offer.need})` : ""}` : null;
  // An open nudge may have had an answer that was neither yes nor no: say so, it is why it still waits.
  const last = n.answers?.at(-1);
  const unclear = last && last.reads === "unclear" ? `You said “${last.output.replace(/ \((?:from [^()]*|spoken)\)$/, "")}”: still waiting for a yes or a no.` : null;
  return el(
    "li",
    { className: "card nudge", attrs: { "data-id": n.id } },
    el("div", { className: "row" }, el("span", { className: "label tag-spirit", text: "Spirit asks" }), idButton(n.id), timeEl(n.ts, Date.now(), "ago")),
    el("p", { className: "question", text: question }),
    offer ? el("details", { className: "offer" }, el("summary", { text: "what a yes starts" }), el("p", { text: offer })) : null,
    unclear ? el("p", { className: "unclear", text: unclear }) : null,
    answerForm(n.id, "Or answer in your own words…", (text) => respond(n.id, text), ["yes", "no"]),
  );
}

/** A standing alarm of the Keeper (keeper/disk.ts): nothing to answer, something to do. @param {EntryJson} w */
function warningCard(w) {
  return el(
    "li",
    { className: "card warning", attrs: { "data-id": w.id } },
    el("div", { className: "row" }, el("span", { className: "label tag-warning", text: "Keeper warns" }), timeEl(w.ts, Date.now(), "ago")),
    el("p", { className: "warning-text", text: w.output.replace(/^low: /, "Disk low: ") }),
  );
}

function renderAttention() {
  const { failed, nudges, warnings } = state.attention;
  reconcile($("warnings"), warnings.map((w) => ({ key: `${w.id}@${w.line}`, make: () => warningCard(w) })));
  // A new answer (an unclear one keeps the card) makes a new card: it says what was answered.
  reconcile($("nudges"), nudges.map((n) => ({ key: `${n.id}@${n.line}#${n.answers?.length ?? 0}`, make: () => nudgeCard(n) })));
  reconcile(
    $("failed"),
    failed.map((item) => ({
      key: `${item.session.id}@${item.session.line}`,
      make: () => failedCard(item),
      update: (card) => {
        const answered = /** @type {HTMLElement} */ (card.querySelector(".answered"));
        card.classList.toggle("is-answered", item.answer !== null);
        answered.textContent = item.answer ? `You answered ${clock(item.answer.ts)}: “${visible(item.answer.output)}” (waiting for the agent to pick it up)` : "";
      },
    })),
  );
  setEmpty("needs-you", failed.length + nudges.length + warnings.length);
}

/** @param {Record<string, number>} sessions */
function renderCounts(sessions) {
  for (const dd of document.querySelectorAll("[data-count]")) {
    if (dd instanceof HTMLElement) dd.textContent = String(sessions[dd.dataset.count ?? ""] ?? 0);
  }
}

// ---- the Spirit's presence -------------------------------------------------------------------

/** @type {ReturnType<typeof setTimeout> | undefined} */
let presenceTimer;

function renderPresence() {
  const entries = [...state.recent.values()].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  const open = {
    // A parked agent waits for a time, with no process: the Spirit is not working for it.
    active: state.active.filter((s) => !s.parkedUntil).length,
    failedUnanswered: state.attention.failed.filter((f) => f.answer === null).length,
    nudges: state.attention.nudges.length,
    warnings: state.attention.warnings.length,
  };
  const p = presenceOf(entries, Date.now(), open);
  const spirit = $("spirit");
  if (spirit.dataset.state !== p.state) spirit.dataset.state = p.state;
  spirit.setAttribute("aria-label", `The Spirit: ${p.reason}`);
  $("presence").textContent = p.reason;
  clearTimeout(presenceTimer);
  // A sparkle or a listening pulse ends by itself: look again when it should.
  if (p.expiresInMs !== undefined) presenceTimer = setTimeout(renderPresence, p.expiresInMs + 50);
}

// ---- session detail ----------------------------------------------------------------------------

/** @param {string} id */
async function openSession(id) {
  state.openSession = id;
  $("detail-id").textContent = visible(id);
  $("detail").hidden = false;
  $("detail-summary").replaceChildren(el("dd", { text: "loading…" }));
  $("detail-history").replaceChildren();
  $("detail-answer").replaceChildren();
  $("detail-output").hidden = true;
  try {
    /** @type {{ session: SessionJson | null, history: EntryJson[] }} */
    const { session, history } = await get(`/api/session/${encodeURIComponent(id)}`);
    if (state.openSession !== id) return;
    // A Spirit question is shown as a question: its words, its state, an answer box while it is open.
    const asked = session === null ? history.find((e) => e.kind === "event" && e.source === "spirit" && e.output.startsWith("nudge: ")) : undefined;
    /** @type {NudgeJson | undefined} */
    const nudge = asked ? (/** @type {NudgeJson[]} */ (await get("/api/nudges?state=all"))).find((n) => n.id === id) : undefined;
    if (state.openSession !== id) return;
    $("detail-kind").textContent = asked ? "Question" : session ? "Session" : "Entries";
    const rows = session
      ? [["state", `${session.state} (${session.status})`], ["task", session.task], ["need", session.need ?? "–"], ["blocker", session.blocker ?? "–"], ["retries", String(session.retries)], ...(session.machine ? [["machine", session.machine]] : []), ["started", session.startedAt ? `${clock(session.startedAt)} (${ago(session.startedAt, Date.now())})` : "–"]]
      : asked
        ? [["question", nudge?.question ?? nudgeQuestion(asked.output)], ["state", nudge ? (nudge.state === "open" ? `open until ${clock(nudge.expiresAt)}` : nudge.state) : "–"], ["asked", `${clock(asked.ts)} (${ago(asked.ts, Date.now())})`], ...(nudge?.offer ? [["a yes starts", `${nudge.offer.agentKind} agent: ${nudge.offer.task}`]] : [])]
        : [["kind", "events only (not an agent session)"]];
    $("detail-summary").replaceChildren(...rows.flatMap(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]));
    $("detail-history").replaceChildren(...history.map(entryRow));
    // An answer box wherever an answer means something: an agent session that is not over, or a question still open.
    const over = session !== null && (session.state === "verified" || session.state === "closed");
    const questionOpen = asked !== undefined && (nudge === undefined || nudge.state === "open");
    const placeholder = asked ? "Answer yes or no, or in your own words…" : session?.state === "failed" ? "Tell the agent how to get unstuck…" : "Tell the agent something…";
    $("detail-answer").replaceChildren(
      ...((session !== null && !over) || questionOpen ? [answerForm(id, placeholder, (text) => respond(id, text), asked ? ["yes", "no"] : [])] : []),
      ...(session !== null && !over ? [el("div", { className: "actions" }, closeButton(id))] : []),
      ...(over ? [el("p", { className: "over", text: session.state === "closed" ? "Closed: nothing more happens in this session." : "Verified: this session is over." })] : []),
      ...(asked && !questionOpen && nudge ? [el("p", { className: "over", text: `This question was ${nudge.state}: an answer now does nothing.` })] : []),
    );
    if (session !== null) await loadOutput(id);
  } catch (error) {
    $("detail-summary").replaceChildren(el("dd", { className: "error", text: error instanceof Error ? error.message : String(error) }));
  }
}

/** The agent's stdout and stderr tails, collapsed; a stream it never wrote to is left out. @param {string} id */
async function loadOutput(id) {
  /** @type {{ out: OutputTail, err: OutputTail }} */
  const tails = await get(`/api/output/${encodeURIComponent(id)}`);
  if (state.openSession !== id) return;
  let any = false;
  for (const tail of [tails.out, tails.err]) {
    const box = /** @type {HTMLDetailsElement} */ (document.querySelector(`#detail-output details[data-stream="${tail.stream}"]`));
    const has = tail.exists && tail.bytes > 0;
    box.hidden = !has;
    any ||= has;
    const name = tail.stream === "out" ? "stdout" : "stderr";
    /** @type {HTMLElement} */ (box.querySelector("summary")).textContent = `${name} · ${size(tail.bytes)}${tail.truncated ? ", the end of it" : ""}`;
    /** @type {HTMLElement} */ (box.querySelector("pre")).textContent = tail.text;
  }
  $("detail-output").hidden = !any;
}

/** @param {number} bytes */
function size(bytes) {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The whole text of an attachment, fetched the first time its box is opened. @param {HTMLDetailsElement} box */
async function loadAttachment(box) {
  const pre = /** @type {HTMLElement} */ (box.querySelector("pre"));
  if (!box.open || box.dataset.loaded) return;
  box.dataset.loaded = "1";
  pre.textContent = "loading…";
  try {
    /** @type {{ text: string }} */
    const { text } = await get(
      box.dataset.brief !== undefined ? `/api/brief/${encodeURIComponent(box.dataset.brief)}` : `/api/attachment/${encodeURIComponent(box.dataset.attachment ?? "")}`,
    );
    pre.textContent = text;
  } catch (error) {
    delete box.dataset.loaded;
    pre.textContent = error instanceof Error ? error.message : String(error);
  }
}

// ---- daemons -----------------------------------------------------------------------------------

async function refreshDaemons() {
  /** @type {{ upRunning: boolean, daemons: DaemonStatus[] }} */
  const status = await get("/api/daemons");
  const now = Date.now();
  const items = status.daemons.map((d) =>
    el(
      "li",
      { className: `daemon ${d.running ? "up" : "down"}`, attrs: { "data-daemon": d.name, title: d.last ?? "" } },
      el("span", { className: "daemon-name", text: d.name }),
      el("span", { className: "daemon-state", text: d.running ? "running since" : d.state === "running" ? "not running" : d.state }),
      d.running && d.since ? timeEl(d.since, now, "since") : null,
    ),
  );
  $("daemons").replaceChildren(...(items.length > 0 ? items : [el("li", { className: "daemon none", text: "no world up here: daemons not supervised" })]), ...syncItem(await get("/api/sync"), now), proofItem(await get("/api/proof"), now));
}

/**
 * The monitor itself cannot be reached (world up stopped it, or the machine is gone): what
 * the bar last said is no longer known, so it stops saying "running since …".
 */
function daemonsUnknown() {
  const shown = $("daemons").querySelector("li.daemon.unknown");
  if (shown !== null) return;
  $("daemons").replaceChildren(el("li", { className: "daemon down unknown", text: "daemons unknown: this monitor's server cannot be reached (world up stopped?)" }));
}

/**
 * When the log last proved against its signed checkpoints (GET /api/proof: `world verify-log`
 * or the Keeper), or how its history no longer matches (docs/trust.md).
 * @param {{ at: string, by: string, ok: boolean, lines: number, proven: number, checkpoints: number, problem?: string } | null} proof
 * @param {number} now
 */
function proofItem(proof, now) {
  if (proof === null) return el("li", { className: "daemon proof none", attrs: { "data-proof": "never" }, text: "log never verified (world verify-log)" });
  return el(
    "li",
    { className: `daemon proof ${proof.ok ? "up" : "down"}`, attrs: { "data-proof": proof.ok ? "ok" : "mismatch", title: proof.problem ?? "" } },
    el("span", { className: "daemon-name", text: "log proof" }),
    el("span", { className: "daemon-state", text: proof.ok ? `${proof.proven} of ${proof.lines} lines proven by ${proof.by}` : `HISTORY DOES NOT MATCH: ${proof.problem ?? ""}` }),
    timeEl(proof.at, now, "ago"),
  );
}

/**
 * This machine's part of a synced world (GET /api/sync; none without `world sync`): what
 * `world sync` last said (connected, offline, back) and how many lines wait to be sent.
 * @param {{ machine: string, pid: number | null, last: { ts: string, text: string } | null, connection: "connected" | "offline" | null, unsentLines: number } | null} sync
 * @param {number} now
 */
function syncItem(sync, now) {
  if (sync === null) return [];
  const unsent = sync.unsentLines === 0 ? "every line sent" : `${sync.unsentLines} line${sync.unsentLines === 1 ? "" : "s"} to send`;
  return [
    el(
      "li",
      { className: `daemon sync ${sync.pid === null ? "down" : "up"}`, attrs: { "data-sync": sync.machine, title: sync.last?.text ?? "" } },
      el("span", { className: "daemon-name", text: `sync on ${sync.machine}` }),
      el("span", { className: "daemon-state", text: `${sync.pid === null ? "not running" : (sync.connection ?? "starting")} · ${unsent}` }),
      sync.last ? timeEl(sync.last.ts, now, "ago") : null,
      // Not running, or offline: what it last said is the why (cannot reach the server, stopped: …), in plain view.
      sync.last && (sync.pid === null || sync.connection === "offline") ? el("span", { className: "daemon-said", text: ` ${sync.last.text}` }) : null,
    ),
  ];
}

function closeSession() {
  state.openSession = null;
  $("detail").hidden = true;
}

// ---- refreshing ----------------------------------------------------------------------------------

let refreshing = false;
let again = false;

async function refresh() {
  if (refreshing) {
    again = true;
    return;
  }
  refreshing = true;
  try {
    const [counts, attention, active, pending] = await Promise.all([get("/api/counts"), get("/api/attention"), get("/api/active"), get("/api/pending")]);
    state.attention = attention;
    state.active = active;
    state.pending = pending;
    renderCounts(counts.sessions);
    renderAttention();
    renderSessions($("active"), active);
    renderSessions($("pending"), pending);
    setEmpty("active", active.length);
    setEmpty("pending", pending.length);
    renderPresence();
    await refreshDaemons();
  } catch (error) {
    if (!(error instanceof ApiError)) {
      setConnection("error", "server unreachable");
      daemonsUnknown();
    }
    else showAlert(error.message);
  } finally {
    refreshing = false;
    if (again) {
      again = false;
      void refresh();
    }
  }
}

/** @type {ReturnType<typeof setTimeout> | undefined} */
let refreshTimer;
function scheduleRefresh() {
  // A burst of entries makes one refresh, not one per line.
  if (refreshTimer === undefined) refreshTimer = setTimeout(() => ((refreshTimer = undefined), void refresh()), 60);
}

let renderPending = false;
function scheduleRender() {
  // A burst of a thousand lines draws the list once per frame, not once per line.
  if (renderPending) return;
  renderPending = true;
  requestAnimationFrame(() => {
    renderPending = false;
    renderRecent();
    renderPresence();
  });
}

/** @param {EntryJson} e */
function addRecent(e) {
  if (e.line === undefined) return;
  state.recent.set(e.line, e);
  if (state.recent.size > RECENT_KEEP) {
    const oldest = [...state.recent.keys()].sort((a, b) => a - b).slice(0, state.recent.size - RECENT_KEEP);
    for (const line of oldest) state.recent.delete(line);
  }
}

async function loadRecent() {
  /** @type {EntryJson[]} */
  const rows = await get(`/api/recent?n=${RECENT_KEEP}`);
  for (const e of rows) addRecent(e);
  if (state.seenLine === Infinity) state.seenLine = rows.at(-1)?.line ?? 0;
  renderRecent();
}

function connect() {
  const source = new EventSource(`/events?token=${encodeURIComponent(state.token)}`);
  source.addEventListener("open", () => {
    setConnection("live", "live");
    // Snapshots after the stream is open: whatever happens in between arrives on the stream too.
    void loadRecent().catch((error) => showAlert(error instanceof Error ? error.message : String(error)));
    void refresh();
  });
  source.addEventListener("entry", (event) => {
    /** @type {EntryJson} */
    const e = JSON.parse(/** @type {MessageEvent} */ (event).data);
    if ((e.line ?? 0) > state.seenLine) {
      state.seenLine = e.line ?? state.seenLine;
      notify(e);
    }
    addRecent(e);
    scheduleRender();
    if (state.openSession === e.id) $("detail-history").append(entryRow(e));
    scheduleRefresh();
  });
  source.addEventListener("problem", (event) => {
    const p = JSON.parse(/** @type {MessageEvent} */ (event).data);
    showAlert(`world.log line ${p.line}: malformed, skipped: ${p.error}`);
  });
  source.addEventListener("error", () => {
    // EventSource reconnects by itself; a missing token will not fix itself, so check.
    setConnection("error", "reconnecting…");
    daemonsUnknown();
    if (source.readyState === EventSource.CLOSED) void get("/api/counts").catch(() => {});
  });
}

// ---- start -------------------------------------------------------------------------------------------

function start() {
  $("alert-close").addEventListener("click", () => ($("alert").hidden = true));
  $("detail-close").addEventListener("click", closeSession);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.openSession !== null) closeSession();
  });
  document.addEventListener("click", onAction);
  document.addEventListener("submit", onMove);
  // One listener for every id button, present and future.
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target.closest("[data-open-session]") : null;
    if (target instanceof HTMLElement && target.dataset.openSession) void openSession(target.dataset.openSession);
  });
  // Attachments load when opened; `toggle` does not bubble, so listen while it goes down.
  document.addEventListener(
    "toggle",
    (event) => {
      if (event.target instanceof HTMLDetailsElement && (event.target.dataset.attachment !== undefined || event.target.dataset.brief !== undefined)) void loadAttachment(event.target);
    },
    true,
  );
  setInterval(() => {
    // Relative times age; the lists themselves only change with the log.
    const now = Date.now();
    for (const t of document.querySelectorAll("time.rel")) {
      const ts = t.getAttribute("datetime") ?? "";
      if (t instanceof HTMLElement) t.textContent = `${clock(ts)} · ${ago(ts, now)}`;
    }
    // Whether the daemons still run is a question of processes, not of the log.
    void refreshDaemons().catch((error) => {
      if (!(error instanceof ApiError)) daemonsUnknown();
    });
  }, 15_000);
  // A failed agent's notification is titled by its task: the page knows it from the lists it shows (or its start line in Recent).
  notify = setupNotifications((id) => {
    const s = [...state.active, ...state.pending].find((x) => x.id === id) ?? state.attention.failed.find((f) => f.session.id === id)?.session;
    if (s?.task) return s.task;
    for (const e of state.recent.values()) if (e.id === id && e.kind === "agent" && e.status === "start") return e.output;
    return undefined;
  });

  state.token = takeToken();
  if (state.token === "") return needToken();
  setupSearch(get);
  connect();
}

start();
