import { describe, expect, it } from "vitest";
import { cssImportDetector, detectCssImports } from "../../../extractors/imports/css.js";
import { ParseError } from "../../../extractors/types.js";

const names = (text: string) => detectCssImports(text).map((d) => [d.key.name, d.line]);

describe("CSS imports of npm packages", () => {
  it("reads Tailwind v4's import and plugins, and v3's directives", () => {
    expect(
      names('@import "tailwindcss";\n@plugin "@tailwindcss/typography";\n@config "./tailwind.config.js";\n'),
    ).toEqual([
      ["tailwindcss", 1],
      ["@tailwindcss/typography", 2],
    ]);
    expect(names("@tailwind base;\n@tailwind components;\n@tailwind utilities;\n")).toEqual([
      ["tailwindcss", 1],
    ]);
  });

  it("reads a package's stylesheet by url() or string with its subpath; a bare name ending in .css is a file beside the sheet", () => {
    const found = detectCssImports(
      "@import url(bootstrap/dist/css/bootstrap.min.css);\n@import 'normalize.css';\n@import \"@fontsource/inter/400.css\" layer(base);",
    );
    expect(found.map((d) => [d.key.space, d.key.name, d.via])).toEqual([
      ["npm", "bootstrap/dist/css/bootstrap.min.css", "import"],
      ["npm", "@fontsource/inter/400.css", "import"],
    ]);
  });

  it("reads the shapes published Tailwind v4 sheets use: source(), layer(), @source globs, nested @theme", () => {
    const css = [
      '@import "tailwindcss" source("../src");',
      '@import "tailwindcss/theme.css" layer(theme);',
      '@source "../**/*.blade.php";',
      '@plugin "daisyui";',
      '@import "bindrunes/styles/global.css";',
      "@custom-variant dark (&:where(.dark, .dark *));",
      "@theme inline {\n  --font-sans: var(--font-geist-sans);\n  @keyframes reveal { from { opacity: 0 } to { opacity: 1 } }\n}",
      '.btn { @apply bg-black text-white; content: "Größe — ✓ 中文"; }',
    ].join("\n");
    expect(names(css)).toEqual([
      ["tailwindcss", 1],
      ["tailwindcss/theme.css", 2],
      ["daisyui", 4],
      ["bindrunes/styles/global.css", 5],
    ]);
  });

  it("names no package for a relative file, a URL, a comment or a string that only looks like a rule", () => {
    expect(
      names(
        '@import "./theme.css";\n@import "../base.css";\n@import url("https://fonts.googleapis.com/css?family=Inter");\n' +
          '/* @import "tailwindcss"; */\n.note::after { content: "@import \'lodash\'"; }\n@media print { .x { color: red } }',
      ),
    ).toEqual([]);
  });

  it("says a broken stylesheet is not CSS, with the line, so the walk warns and goes on", () => {
    expect(() => detectCssImports('@import "tailwindcss";\n.a { color: red;\n')).toThrow(ParseError);
    try {
      detectCssImports(".a {\n  color: red;\n");
    } catch (error) {
      expect((error as ParseError).line).toBe(1);
      expect((error as ParseError).message).toMatch(/^not valid CSS: /);
    }
  });

  it("wants stylesheets only, and skips one with no at-rule without parsing it", () => {
    expect(["app.css", "src/styles/site.pcss", "a.postcss"].every(cssImportDetector.matches)).toBe(true);
    expect(["app.scss", "app.less", "app.ts"].some(cssImportDetector.matches)).toBe(false);
    expect(cssImportDetector.detect({ path: "a.css", text: ".a { color: red" })).toEqual([]);
  });
});
