// @ts-check
/**
 * Search and filters over the whole log, not only what the page holds: each page of
 * results comes from GET /api/search (the SQLite index, newest first); "older" asks for
 * the next page before the last line shown.
 */
import { el, entryRow } from "./render.js";

/** @typedef {import("./render.js").EntryJson} EntryJson */

const PAGE = 50;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @param {(path: string) => Promise<any>} get  the page's authorised GET
 */
export function setupSearch(get) {
  const form = /** @type {HTMLFormElement} */ ($("search"));
  const text = /** @type {HTMLInputElement} */ ($("search-q"));
  const label = /** @type {HTMLInputElement} */ ($("search-label"));
  const id = /** @type {HTMLInputElement} */ ($("search-id"));
  const results = $("search-results");
  const more = /** @type {HTMLButtonElement} */ ($("search-more"));
  const status = $("search-status");
  /** @type {URLSearchParams | null} */
  let query = null;
  /** @type {number | null} */
  let next = null;
  let shown = 0;

  /** @param {boolean} fresh */
  const load = async (fresh) => {
    if (query === null) return;
    const params = new URLSearchParams(query);
    params.set("limit", String(PAGE));
    if (!fresh && next !== null) params.set("before", String(next));
    more.disabled = true;
    status.textContent = "searching…";
    status.className = "search-status";
    try {
      /** @type {{ entries: EntryJson[], next: number | null }} */
      const page = await get(`/api/search?${params}`);
      if (fresh) {
        results.replaceChildren();
        shown = 0;
      }
      results.append(...page.entries.map(entryRow));
      shown += page.entries.length;
      next = page.next;
      more.hidden = next === null;
      status.textContent = shown === 0 ? "Nothing in world.log matches." : `${shown} ${shown === 1 ? "entry" : "entries"}${next === null ? ", all of them" : " so far, newest first"}`;
    } catch (error) {
      status.textContent = error instanceof Error ? error.message : String(error);
      status.className = "search-status error";
    } finally {
      more.disabled = false;
    }
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (text.value.trim() !== "") params.set("q", text.value.trim());
    // "agent:failed" → kind=agent&label=failed; "agent" → every agent status; "bash" → that
    // source or status, whichever kind. The server says what is wrong with anything else.
    const typed = label.value.trim();
    const [kind, which] = typed.includes(":") ? typed.split(":", 2) : typed === "agent" || typed === "event" ? [typed, ""] : ["", typed];
    if (kind) params.set("kind", kind);
    if (which) params.set("label", which);
    if (id.value.trim() !== "") params.set("id", id.value.trim());
    query = params;
    next = null;
    void load(true);
  });
  form.addEventListener("reset", () => {
    query = null;
    results.replaceChildren();
    more.hidden = true;
    status.textContent = "";
  });
  more.addEventListener("click", () => void load(false));
  results.append(el("li", { className: "hint", text: "Search the whole log: words, a kind of line, a session id." }));
}
