import js from "@eslint/js";
import tseslint from "typescript-eslint";

/** Layers whose inner files are theirs alone: another layer imports them through their index.ts. */
const FRONT_DOORS = ["guards", "pipeline"];

/**
 * One block per layer: its files may not import a layer to their right, nor the inner files of a layer
 * with a front door (ESLint's own config keeps its internals so).
 */
function layers(rules) {
  return rules.map(([layer, later]) => ({
    files: [`${layer}/**/*.ts`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...later.map((name) => ({
              regex: `^(\\.\\.?/)+(\\.\\./)*${name}/`,
              message: `${layer}/ may not import ${name}/: imports run core ← extractors ← guards ← pipeline ← server.`,
            })),
            ...FRONT_DOORS.filter((door) => door !== layer && !later.includes(door)).map((door) => ({
              regex: `^(\\.\\.?/)+(\\.\\./)*${door}/(?!index\\.js$)`,
              message: `${layer}/ imports ${door}/ through its front door, ${door}/index.js: its other files are its own.`,
            })),
          ],
        },
      ],
      // import() is no import declaration: the same doors hold for a module loaded when needed.
      "no-restricted-syntax": [
        "error",
        ...FRONT_DOORS.filter((door) => door !== layer && !later.includes(door)).map((door) => ({
          selector: `ImportExpression[source.value=/^(\\.\\.?.)+${door}.(?!index\\.js$)/]`,
          message: `${layer}/ loads ${door}/ through its front door, ${door}/index.js: its other files are its own.`,
        })),
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
    ["server", []],
  ]),
  {
    files: ["scripts/**", "test/**", "pipeline/cli/**", "pipeline/commands/**", "server/command.ts"],
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
