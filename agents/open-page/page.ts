/**
 * Which page the open-page agent opens. Its task is written by the Spirit
 * (spirit/decide/offers.ts) as "open a search for flights to Tokyo: https://…"; a person can
 * also write "open https://example.org" or "search for cheap hotels in Rome".
 */

/** The search engine a bare query goes to; the query is appended URL-encoded. */
const SEARCH_URL = "https://duckduckgo.com/?q=";

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
