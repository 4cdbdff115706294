/**
 * The source as a graph, for the tests that keep its shape (layers.test.ts,
 * dead-exports.test.ts): every .ts file of a folder, what each one imports (from which file,
 * which names) and what it exports. Parsed with the TypeScript compiler, not matched
 * with regular expressions, so a comment or a string that looks like an import is not one.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { ROOT } from "./world.js";

/** Every .ts file under a folder of the checkout, as a path relative to the checkout with "/" separators. */
export function tsFiles(folder: string): string[] {
  return filesUnder(folder, [".ts"]);
}

/** Every file under a folder whose name ends with one of `endings` (declaration files aside). */
export function filesUnder(folder: string, endings: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (endings.some((end) => e.name.endsWith(end)) && !/\.d\.m?ts$/.test(e.name)) out.push(path);
    }
  };
  walk(folder);
  return out.sort();
}

const parsed = new Map<string, ts.SourceFile>();
/** Files that exist only while a check is tried on examples (withExamples). */
let examples = new Map<string, string>();

/**
 * Runs `check` as if the checkout also held these files (path → text; a path that exists
 * is shadowed): how the tests show that their checks catch what they are for.
 */
export function withExamples<T>(files: Record<string, string>, check: () => T): T {
  const before = examples;
  examples = new Map([...before, ...Object.entries(files)]);
  try {
    return check();
  } finally {
    examples = before;
  }
}

/** A file of the checkout (or an example), parsed once. */
export function parse(file: string): ts.SourceFile {
  const example = examples.get(file);
  if (example !== undefined) return ts.createSourceFile(file, example, ts.ScriptTarget.ES2022, true);
  let sf = parsed.get(file);
  if (sf === undefined) parsed.set(file, (sf = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.ES2022, true)));
  return sf;
}

export function lineOf(node: ts.Node): number {
  const sf = node.getSourceFile();
  return sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
}

export interface ImportRef {
  /** The importing file. */
  from: string;
  specifier: string;
  /** The imported .ts file (relative to the checkout); undefined for a package or a file that is not TypeScript. */
  target: string | undefined;
  /** The names taken from it; "all" when the whole module object is (namespace import, `export *`, an import() kept whole). */
  names: string[] | "all";
  line: number;
}

/**
 * "./x.js" from "a/b.ts" → "a/x.ts" (NodeNext: imports name the emitted .js file); a
 * plain-JavaScript fixture's "../../dist/a/x.js" → "a/x.ts" too (it runs the build).
 */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = relative(ROOT, resolve(ROOT, dirname(from), specifier)).split("\\").join("/").replace(/^dist\//, "");
  for (const candidate of [base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}/index.ts`]) {
    if (candidate.endsWith(".ts") && (examples.has(candidate) || existsSync(join(ROOT, candidate)))) return candidate;
  }
  return undefined;
}

function bindingNames(pattern: ts.ObjectBindingPattern): string[] | "all" {
  const names: string[] = [];
  for (const el of pattern.elements) {
    if (el.dotDotDotToken) return "all";
    const key = el.propertyName ?? el.name;
    if (!ts.isIdentifier(key)) return "all";
    names.push(key.text);
  }
  return names;
}

/** What an `import("x")` expression takes: `const { a } = await import(…)`, `(await import(…)).a`, or the whole module. */
function dynamicNames(call: ts.CallExpression): string[] | "all" {
  let node: ts.Node = call;
  if (ts.isAwaitExpression(node.parent)) node = node.parent;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (node !== call && ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) return bindingNames(parent.name);
  if (node !== call && ts.isPropertyAccessExpression(parent) && parent.expression === node) return [parent.name.text];
  return "all";
}

export function importsOf(file: string): ImportRef[] {
  const sf = parse(file);
  const refs: ImportRef[] = [];
  const add = (node: ts.Node, specifier: string, names: string[] | "all"): void => {
    refs.push({ from: file, specifier, target: resolveSpecifier(file, specifier), names, line: lineOf(node) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      let all = false;
      if (clause?.name) names.push("default");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) all = true;
      if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      add(node, node.moduleSpecifier.text, all ? "all" : names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      add(node, node.moduleSpecifier.text, clause && ts.isNamedExports(clause) ? clause.elements.map((el) => (el.propertyName ?? el.name).text) : "all");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text, dynamicNames(node));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      let first = node.qualifier; // import("x").A.B takes A
      while (first !== undefined && ts.isQualifiedName(first)) first = first.left;
      add(node, node.argument.literal.text, first ? [first.text] : "all");
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return refs;
}

export interface ExportRef {
  file: string;
  name: string;
  line: number;
  /** A type (interface, type alias): used also when a used export of its file mentions it. */
  type: boolean;
  /** The declaration (the whole statement). */
  node: ts.Node;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function isDefault(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

/** The names a file exports itself (not those it re-exports from another file). */
export function exportsOf(file: string): ExportRef[] {
  const out: ExportRef[] = [];
  for (const st of parse(file).statements) {
    if (ts.isExportDeclaration(st) && !st.moduleSpecifier && st.exportClause && ts.isNamedExports(st.exportClause)) {
      for (const el of st.exportClause.elements) out.push({ file, name: el.name.text, line: lineOf(el), type: st.isTypeOnly || el.isTypeOnly, node: st });
    } else if (ts.isExportAssignment(st)) {
      out.push({ file, name: "default", line: lineOf(st), type: false, node: st });
    } else if (isExported(st)) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) out.push({ file, name: d.name.text, line: lineOf(d), type: false, node: d });
      } else if (isDefault(st)) {
        out.push({ file, name: "default", line: lineOf(st), type: false, node: st });
      } else if (
        (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) &&
        st.name
      ) {
        out.push({ file, name: st.name.text, line: lineOf(st), type: ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st), node: st });
      }
    }
  }
  return out;
}

/** Every identifier a declaration mentions, in its signature and its body (the caller keeps those it knows). */
export function namesMentioned(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n)) names.add(n.text);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(node, visit);
  return names;
}
