/**
 * What the open-page agent opens and with what. Its task is written by the Spirit
 * (spirit/offers.ts) as "open a search for flights to Tokyo: https://…"; a person can
 * also write "open https://example.org" or "search for cheap hotels in Rome".
 */
import { platform } from "node:os";
import { onPath } from "../../tools/notify/notify.js";

/** The search engine a bare query goes to; the query is appended URL-encoded. */
export const SEARCH_URL = "https://duckduckgo.com/?q=";

export function searchUrl(query: string, base = process.env.WORLD_SEARCH_URL || SEARCH_URL): string {
  return `${base}${encodeURIComponent(query.trim().replace(/\s+/g, " ")).replace(/%20/g, "+")}`;
}

/** The page a task names: its first http(s) URL, else a search for what follows "search (for)". */
export function pageOf(task: string): string | undefined {
  const url = /\bhttps?:\/\/[^\s"'<>]+/i.exec(task)?.[0];
  if (url !== undefined) return url.replace(/[.,;:!?)]+$/, "");
  const query = /\b(?:search|look)(?: the web)?(?: for| up)?\s+(.+?)\s*[.!?]?$/i.exec(task)?.[1];
  return query === undefined || query.trim() === "" ? undefined : searchUrl(query);
}

/**
 * The program that opens a URL in the person's browser, run as [program, url]:
 * WORLD_BROWSER_OPENER (a path or a name on PATH), else `open` on macOS, else `xdg-open`.
 */
export function opener(env: NodeJS.ProcessEnv = process.env): { argv0: string } | { missing: string } {
  const chosen = env.WORLD_BROWSER_OPENER?.trim();
  if (chosen) {
    const found = chosen.includes("/") ? chosen : onPath(chosen, env.PATH);
    return found === undefined ? { missing: `WORLD_BROWSER_OPENER ${JSON.stringify(chosen)} is not on PATH` } : { argv0: found };
  }
  const name = platform() === "darwin" ? "open" : "xdg-open";
  const found = onPath(name, env.PATH);
  return found === undefined ? { missing: `${name} is not installed` } : { argv0: found };
}
