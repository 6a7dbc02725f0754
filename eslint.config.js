import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** One block per layer: its files may not import a layer to their right. */
function layers(rules) {
  return rules.map(([layer, later]) => ({
    files: [`${layer}/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: later.map((name) => ({
            regex: `^(\\.\\.?/)+(\\.\\./)*${name}/`,
            message: `${layer}/ may not import ${name}/: imports run core ← extractors ← guards ← pipeline ← server.`,
          })),
        },
      ],
    },
  }));
}

export default tseslint.config(
  // Fixture repositories are data, as the samples are: other projects' code and configs (an eslint.config.js among them).
  { ignores: ["dist/", "node_modules/", "out/", "samples/", "coverage/", "test/fixtures/repos/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // Layers import one way: core ← extractors ← guards ← pipeline ← server (DESIGN.md, "Layout").
  ...layers([
    ["core", ["extractors", "guards", "pipeline", "server"]],
    ["extractors", ["guards", "pipeline", "server"]],
    ["guards", ["pipeline", "server"]],
    ["pipeline", ["server"]],
  ]),
  {
    files: ["scripts/**", "test/**", "pipeline/cli.ts", "pipeline/commands/**", "server/command.ts"],
    rules: { "no-console": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        performance: "readonly",
        structuredClone: "readonly",
      },
    },
  },
);
