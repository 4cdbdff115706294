// Lint: correctness rules only (no formatting). `npm test` runs it after the build and the
// type check. The promise rules are type-aware: they read the types through tsconfig.test.json,
// which covers the product code and the tests.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // ui/monitor/static is plain browser JS (checked by // @ts-check and test/ui/monitor/page-types.test.ts).
    ignores: ["dist/**", "node_modules/**", "ui/monitor/static/**", "**/*.js", "**/*.mjs", "**/*.cjs", "vitest.config.ts"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: {
      parserOptions: {
        project: "./tsconfig.test.json",
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // A `let` read by a closure before its one assignment is late binding (the Spirit's report
      // callback, a test server's body), not a missed const.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Matching control characters is the point where we escape log text for a terminal.
      "no-control-regex": "off",
      // Tests match column-aligned output; literal runs of spaces there read as the output does.
      "no-regex-spaces": "off",
    },
  },
);
