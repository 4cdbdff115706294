/**
 * Every exported name is imported somewhere: by the source, a test, the bench or chaos.
 * An export nobody imports is dead code, or a name that should be private to its file;
 * either way it misleads whoever reads `export` as "used elsewhere". A type counts as used
 * also when a used export of its own file mentions it: it is part of that export's
 * signature, and a caller may need to name it.
 */
import { describe, expect, it } from "vitest";
import { exportsOf, filesUnder, importsOf, namesMentioned, tsFiles, withExamples } from "./support/source-graph.js";

const SOURCE_FOLDERS = ["tools", "agents", "sync", "daemons", "keeper", "verifier", "spirit", "ui", "bin", "bench", "chaos"];

/** Names used by being loaded, not imported: entry points, each with why. */
const ENTRY_POINTS: { file: RegExp; name: string; why: string }[] = [
  { file: /^chaos\/[^/]+\.ts$/, name: "default", why: "chaos/main.ts loads every attack in chaos/ by its file name and runs its default export" },
];

/** `file:line name` for each export of `source` that none of `users` imports. */
function deadExports(source: string[], users: string[]): string[] {
  const used = new Map<string, Set<string> | "all">();
  for (const file of users) {
    for (const ref of importsOf(file)) {
      if (ref.target === undefined) continue;
      const seen = used.get(ref.target);
      if (ref.names === "all" || seen === "all") used.set(ref.target, "all");
      else used.set(ref.target, new Set([...(seen ?? []), ...ref.names]));
    }
  }
  const dead: string[] = [];
  for (const file of source) {
    const seen = used.get(file);
    if (seen === "all") continue;
    const exported = exportsOf(file);
    const live = new Set(exported.filter((e) => seen?.has(e.name) || ENTRY_POINTS.some((p) => p.file.test(file) && p.name === e.name)).map((e) => e.name));
    // Types mentioned by a live export are live, and what those mention, and so on.
    const types = new Map(exported.filter((e) => e.type).map((e) => [e.name, e]));
    const todo = exported.filter((e) => live.has(e.name));
    for (let e = todo.pop(); e !== undefined; e = todo.pop()) {
      for (const name of namesMentioned(e.node)) {
        const type = types.get(name);
        if (type !== undefined && !live.has(name)) {
          live.add(name);
          todo.push(type);
        }
      }
    }
    for (const e of exported) if (!live.has(e.name)) dead.push(`${file}:${e.line} ${e.name}`);
  }
  return dead;
}

const SOURCE = SOURCE_FOLDERS.flatMap(tsFiles);
// Tests, their helpers and their plain-JavaScript fixtures (which import the build).
const USERS = [...SOURCE, ...filesUnder("test", [".ts", ".mjs", ".mts", ".js"])];

describe("dead exports", () => {
  it("finds the source and its users (a walk that finds nothing would pass anything)", () => {
    expect(SOURCE.length).toBeGreaterThan(100);
    expect(USERS).toContain("test/fixtures/append-many.mjs");
  });

  it("every exported name is imported somewhere (source, tests, bench, chaos) or is an entry point", () => {
    expect(deadExports(SOURCE, USERS)).toEqual([]);
    for (const entry of ENTRY_POINTS) {
      expect(SOURCE.some((f) => entry.file.test(f) && exportsOf(f).some((e) => e.name === entry.name)), `entry point ${entry.file} ${entry.name} still exists`).toBe(true);
    }
  });

  it("the check catches what it is for", () => {
    const files = {
      "tools/example.ts": [
        "export interface Shape { side: number }",
        "export interface Lone { x: number }",
        "export function area(s: Shape): number { return s.side ** 2; }",
        "export const unused = 1;",
        "export function helper(): number { return 2; }",
        "export { helper as renamed };",
      ].join("\n"),
      "tools/whole.ts": "export const a = 1; export const b = 2;",
      "test/example.test.ts": [
        'import { area } from "../tools/example.js";',
        'const { renamed } = await import("../tools/example.js");',
        'import * as whole from "../tools/whole.js";',
      ].join("\n"),
    };
    const dead = withExamples(files, () => deadExports(["tools/example.ts", "tools/whole.ts"], ["test/example.test.ts"]));
    expect(dead).toEqual(["tools/example.ts:2 Lone", "tools/example.ts:4 unused", "tools/example.ts:5 helper"]);
  });
});
