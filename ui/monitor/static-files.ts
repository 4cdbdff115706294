/**
 * The page's files: a fixed list, never a path taken from the URL. The HTML, CSS and
 * page script live beside the sources (ui/monitor/static/); presence.js is compiled by
 * tsc from ui/monitor/presence.ts and sits next to this module in dist/.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface StaticFile {
  body: Buffer;
  type: string;
}

const here = dirname(fileURLToPath(import.meta.url));

function staticDir(): string {
  // dist/ui/monitor/ → ui/monitor/static (the published package holds both), or run from source.
  for (const dir of [join(here, "../../../ui/monitor/static"), join(here, "static")]) {
    if (existsSync(join(dir, "index.html"))) return dir;
  }
  throw new Error(`the monitor page is missing: expected ui/monitor/static/index.html near ${here}`);
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/** URL path → file. Read once at start: the page does not change while the monitor runs. */
export function loadStaticFiles(): Map<string, StaticFile> {
  const dir = staticDir();
  const files: [string, string][] = [
    ["/", join(dir, "index.html")],
    ["/app.js", join(dir, "app.js")],
    ["/render.js", join(dir, "render.js")],
    ["/search.js", join(dir, "search.js")],
    ["/notify.js", join(dir, "notify.js")],
    ["/style.css", join(dir, "style.css")],
    ["/presence.js", join(here, "presence.js")],
  ];
  const map = new Map<string, StaticFile>();
  for (const [route, file] of files) {
    if (!existsSync(file)) continue;
    const ext = file.slice(file.lastIndexOf("."));
    map.set(route, { body: readFileSync(file), type: TYPES[ext] ?? "application/octet-stream" });
  }
  for (const needed of ["/", "/app.js", "/render.js", "/search.js", "/notify.js", "/style.css", "/presence.js"]) {
    if (!map.has(needed)) throw new Error(`the monitor page is incomplete: ${needed} not found (run \`npm run build\`)`);
  }
  return map;
}
