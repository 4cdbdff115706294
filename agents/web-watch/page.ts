/**
 * One look at a page: fetch it (Node's fetch, a timeout, a size cap), keep its readable
 * text and hash that, so a change is one a person would see and can be described in words.
 */
import { createHash } from "node:crypto";
import type { ChromeTools } from "../../tools/chrome/tools.js";

const MAX_BODY_BYTES = 2 << 20;

export type Look =
  | { ok: true; status: number; bytes: number; hash: string; text: string; at: string }
  | { ok: false; error: string; at: string };

/** Visible text of an HTML page, roughly: scripts and styles out, tags to line breaks. */
export function pageText(body: string, contentType: string): string {
  if (!/html/i.test(contentType) && !/^\s*</.test(body)) return body.trim();
  return body
    .replace(/<(script|style|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(br|\/p|\/div|\/li|\/h\d|\/tr|\/title)\b[^>]*>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l !== "")
    .join("\n");
}

export async function look(url: string, timeoutMs: number, stop: AbortSignal): Promise<Look> {
  const at = new Date().toISOString();
  try {
    const response = await fetch(url, {
      signal: AbortSignal.any([stop, AbortSignal.timeout(timeoutMs)]),
      redirect: "follow",
      headers: { "user-agent": "world-web-watch/0.1" },
    });
    const buffer = Buffer.from(await response.arrayBuffer());
    const body = buffer.subarray(0, MAX_BODY_BYTES);
    const text = pageText(body.toString("utf8"), response.headers.get("content-type") ?? "");
    // The visible text is hashed, not the bytes: a page whose markup carries a fresh token
    // or timestamp on every load is not "changed" for the person watching it.
    const hash = createHash("sha256").update(text).digest("hex");
    if (!response.ok) return { ok: false, error: `HTTP ${response.status} ${response.statusText}`.trim(), at };
    return { ok: true, status: response.status, bytes: buffer.length, hash, text, at };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return { ok: false, error: `fetch failed: ${why}`, at };
  }
}

/** One look through the headless browser: the text after scripts ran, hashed. */
export async function lookWithBrowser(chrome: ChromeTools, url: string, timeoutMs: number): Promise<Look> {
  const at = new Date().toISOString();
  try {
    const opened = await chrome.open({ url, timeoutMs });
    const { text } = await chrome.text({ timeoutMs, maxChars: 200_000 });
    if (opened.status !== null && opened.status >= 400) return { ok: false, error: `HTTP ${opened.status}`, at };
    const hash = createHash("sha256").update(text).digest("hex");
    return { ok: true, status: opened.status ?? 0, bytes: Buffer.byteLength(text), hash, text: text.trim(), at };
  } catch (error) {
    return { ok: false, error: `browser: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`, at };
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A change in words: the lines that appeared and those that went away. */
export function describeChange(before: string, after: string, max = 300): string {
  const old = new Set(before.split("\n"));
  const now = new Set(after.split("\n"));
  const added = [...now].filter((l) => !old.has(l));
  const removed = [...old].filter((l) => !now.has(l));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`now: ${cut(added.slice(0, 3).join(" / "), max / 2)}${added.length > 3 ? ` (+${added.length - 3} more lines)` : ""}`);
  if (removed.length > 0) parts.push(`was: ${cut(removed.slice(0, 3).join(" / "), max / 2)}${removed.length > 3 ? ` (+${removed.length - 3} more lines)` : ""}`);
  return parts.length > 0 ? parts.join("; ") : "the markup changed, the visible text did not";
}

export function preview(text: string, max = 120): string {
  return cut(text.replace(/\s+/g, " ").trim(), max);
}
