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
    },
  },
);
