/**
 * The page's scripts are plain JavaScript (served as they are, no bundler) with JSDoc
 * types; this type-checks them strictly against the DOM, together with presence.ts, in a
 * copy laid out the way the browser sees them (presence.js beside app.js).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { expect, it } from "vitest";
import { ROOT } from "../../support/world.js";

it("the page scripts type-check with --checkJs --strict against the DOM", async () => {
  const dir = mkdtempSync(join(tmpdir(), "world-page-types-"));
  try {
    const page = join(dir, "ui/monitor/static");
    mkdirSync(page, { recursive: true });
    mkdirSync(join(dir, "ui/tools/world"), { recursive: true });
    for (const f of ["app.js", "render.js", "search.js", "notify.js"]) cpSync(join(ROOT, "ui/monitor/static", f), join(page, f));
    // presence.ts imports ../../tools/world/json.js (types only), which imports entry.ts and errors.ts.
    cpSync(join(ROOT, "ui/monitor/presence.ts"), join(page, "presence.ts"));
    for (const f of ["world/json.ts", "world/entry.ts", "errors.ts"]) cpSync(join(ROOT, "tools", f), join(dir, "ui/tools", f));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          allowJs: true, checkJs: true, noEmit: true, strict: true, noUncheckedIndexedAccess: true, target: "ES2022",
          module: "ESNext", moduleResolution: "bundler", lib: ["ES2023", "DOM", "DOM.Iterable"], types: [], skipLibCheck: true,
        },
        include: ["ui/monitor/static"],
      }),
    );
    const r = await execa("node", [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", dir], { reject: false });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.exitCode).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
