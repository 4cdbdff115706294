/**
 * Dependencies point down (README "Architecture"): each folder imports only from its own
 * rank or below, so a lower layer runs, and is tested, without the ones above it; and
 * SQL is written only in tools/world/, beside the schema it depends on, so a change of
 * the index is a change of one folder. Found by parsing every import of the source (static,
 * `export … from`, `import()` and `import("…").Type`), not by matching text.
 */
import { posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { importsOf, lineOf, parse, tsFiles, withExamples } from "./support/source-graph.js";

/** The layers, lowest first. */
const RANK: Record<string, number> = {
  tools: 0,
  agents: 1,
  sync: 1,
  daemons: 2,
  keeper: 2,
  verifier: 2,
  spirit: 3,
  ui: 4,
  bin: 5,
  bench: 5,
  chaos: 5,
};

/** Where SQL may be written. */
const SQL_HOME = "tools/world/";

/** Files outside SQL_HOME that may hold SQL, each with why. */
const SQL_ALLOWED: Record<string, string> = {
  "bench/log-insert-floor-child.ts": "measures SQLite's own insert floor on a bare table: the baseline the index is compared against",
};

const SQL_KEYWORD = /^\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|WITH|VACUUM|ATTACH)\b/i;

const topOf = (path: string): string => path.split("/")[0]!;

/** The upward imports of a file: `from (rank) → to (rank)`, one per line. */
function upwardImports(file: string): string[] {
  const from = topOf(file);
  const out: string[] = [];
  for (const ref of importsOf(file)) {
    if (!ref.specifier.startsWith(".")) continue;
    const target = posix.normalize(posix.join(posix.dirname(file), ref.specifier));
    const to = topOf(target);
    if (!(to in RANK)) out.push(`${file}:${ref.line} imports ${target}, outside the source folders`);
    else if (RANK[to]! > RANK[from]!) out.push(`${file}:${ref.line} (${from}, rank ${RANK[from]}) imports ${target} (${to}, rank ${RANK[to]})`);
  }
  return out;
}

/** The SQL a file runs: `x.prepare(…)`, `x.pragma(…)`, `x.exec(<SQL>)` or `db.exec(…)`, and better-sqlite3 itself. */
function sqlUses(file: string): string[] {
  const out: string[] = [];
  const sf = parse(file);
  const literal = (node: ts.Node | undefined): string | undefined =>
    node === undefined ? undefined : ts.isStringLiteralLike(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression.getText(sf);
      const sql = literal(node.arguments[0]);
      if (method === "prepare" || method === "pragma" || (method === "exec" && (/\bdb$/i.test(receiver) || (sql !== undefined && SQL_KEYWORD.test(sql))))) {
        out.push(`${file}:${lineOf(node)} ${receiver}.${method}(…)`);
      }
    }
    if ((ts.isImportDeclaration(node) || ts.isCallExpression(node)) && node.getText(sf).includes('"better-sqlite3"')) {
      if (ts.isImportDeclaration(node) || node.expression.kind === ts.SyntaxKind.ImportKeyword) out.push(`${file}:${lineOf(node)} imports better-sqlite3`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const SOURCE = Object.keys(RANK).flatMap(tsFiles);

describe("layers", () => {
  it("finds the source (a walk that finds nothing would pass anything)", () => {
    expect(SOURCE.length).toBeGreaterThan(100);
    expect(SOURCE).toContain("tools/world/append.ts");
  });

  it("no folder imports from a folder of a higher rank", () => {
    expect(SOURCE.flatMap((f) => upwardImports(f))).toEqual([]);
  });

  it("no SQL outside tools/world/ (bar the documented exceptions)", () => {
    const outside = SOURCE.filter((f) => !f.startsWith(SQL_HOME) && !(f in SQL_ALLOWED));
    expect(outside.flatMap((f) => sqlUses(f))).toEqual([]);
    for (const f of Object.keys(SQL_ALLOWED)) expect(sqlUses(f), `${f} is allowed SQL: it should still have some`).not.toEqual([]);
  });

  it("the checks catch what they are for", () => {
    const upward = (file: string, text: string) => withExamples({ [file]: text }, () => upwardImports(file));
    const sql = (text: string) => withExamples({ "keeper/x.ts": text }, () => sqlUses("keeper/x.ts"));
    for (const line of [
      'import { showEntry } from "../ui/cli/show.js";',
      'export { report } from "../ui/cli/report.js";',
      'const { report } = await import("../ui/cli/report.js");',
      'let x: import("../spirit/daemon/lines.js").SpiritLine;',
    ]) {
      expect(upward("verifier/x.ts", line), line).toHaveLength(1);
    }
    expect(upward("ui/cli/x.ts", 'import { x } from "../../tools/world/entry.js"; import { y } from "../monitor/server.js";')).toEqual([]);
    expect(upward("tools/x.ts", 'import { z } from "../test/support/world.js";')).toHaveLength(1);
    // A comment or a string that looks like an import is not one.
    expect(upward("tools/x.ts", '// import { a } from "../ui/cli/show.js"\nconst s = \'import("../ui/x.js")\';')).toEqual([]);

    for (const line of [
      'index.db.prepare("SELECT 1").get();',
      "db.pragma('journal_mode = WAL');",
      "db.exec(TABLES);",
      "handle.exec(`CREATE TABLE t (${cols})`);",
      'import Database from "better-sqlite3";',
    ]) {
      expect(sql(line), line).toHaveLength(1);
    }
    expect(sql('const m = /^a(b)$/.exec(text); RULE.exec(String(v)); "SELECT".length;')).toEqual([]);
  });
});
