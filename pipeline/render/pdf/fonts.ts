// The fonts resume.pdf embeds (templates/pdf/fonts.yaml): the layout's font as its open counterpart, and a
// font per script only when the resume holds a character of that script, so a Latin resume never reads
// a 10 MB CJK font. An optional font is used where its package is installed. Files are read once.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";
import { checkDocument } from "../../../core/document.js";
import { lazy } from "../../../core/lazy.js";
import { assetPath } from "../../../core/paths.js";

const fontsSchema = z.strictObject({
  layouts: z.record(z.string(), z.string()),
  fonts: z.record(
    z.string(),
    z.strictObject({
      family: z.string(),
      package: z.string(),
      optional: z.boolean().optional(),
      files: z.array(z.string()).min(1),
    }),
  ),
  scripts: z.array(
    z.strictObject({
      name: z.string(),
      characters: z.array(z.string()).min(1),
      fonts: z.array(z.string()).min(1),
    }),
  ),
});
type FontTable = z.infer<typeof fontsSchema>;

const FONTS_FILE = assetPath("templates", "pdf", "fonts.yaml");

const table = lazy((): FontTable => {
  const parsed = checkDocument(readFileSync(FONTS_FILE, "utf8"), FONTS_FILE, fontsSchema, { syntax: "yaml" });
  for (const key of [...Object.values(parsed.layouts), ...parsed.scripts.flatMap((s) => s.fonts)]) {
    if (!parsed.fonts[key]) throw new Error(`${FONTS_FILE}: font "${key}" is not under fonts`);
  }
  return parsed;
});

const require = createRequire(import.meta.url);
const blobs = new Map<string, Buffer[]>();
const roots = new Map<string, string | undefined>();

/** Where a font's package is installed, or undefined when it is not. */
function packageRoot(key: string): string | undefined {
  if (!roots.has(key)) {
    const font = table().fonts[key]!;
    try {
      roots.set(key, dirname(require.resolve(`${font.package}/package.json`)));
    } catch (error) {
      if (!font.optional) throw error;
      roots.set(key, undefined);
    }
  }
  return roots.get(key);
}

function fontBlobs(key: string): Buffer[] {
  let read = blobs.get(key);
  if (!read) {
    const font = table().fonts[key]!;
    const root = packageRoot(key)!;
    read = font.files.map((file) => readFileSync(join(root, file)));
    blobs.set(key, read);
  }
  return read;
}

export interface FontChoice {
  /** Font keys of fonts.yaml, the layout's first: a compiler is made once per distinct list. */
  keys: string[];
  /** The families in the order Typst tries them. */
  families: string[];
  /** Writing the resume holds that no installed font of vouch's draws, with the packages that would. */
  uncovered: { name: string; packages: string[] }[];
}

const patterns = new Map<string, RegExp>();
const holds = (text: string, characters: string[]) => {
  const key = characters.join("|");
  let pattern = patterns.get(key);
  if (!pattern) patterns.set(key, (pattern = new RegExp(characters.map((c) => `\\p{${c}}`).join("|"), "u")));
  return pattern.test(text);
};

/** The fonts a resume needs: the layout's, then the first installed one for each writing its text holds. */
export function chooseFonts(layoutFont: string, text: string): FontChoice {
  const fonts = table();
  const main = fonts.layouts[layoutFont] ?? Object.values(fonts.layouts)[0]!;
  const choice: FontChoice = { keys: [main], families: [], uncovered: [] };
  for (const script of fonts.scripts) {
    if (!holds(text, script.characters)) continue;
    if (script.fonts.some((key) => choice.keys.includes(key))) continue; // kana's font draws Han too
    const installed = script.fonts.find((key) => packageRoot(key) !== undefined);
    if (installed) choice.keys.push(installed);
    else
      choice.uncovered.push({
        name: script.name,
        packages: script.fonts.map((k) => fonts.fonts[k]!.package),
      });
  }
  choice.families = choice.keys.map((key) => fonts.fonts[key]!.family);
  return choice;
}

/** Every font file of the choice, as the compiler takes them. */
export function loadFonts(choice: FontChoice): Buffer[] {
  return choice.keys.flatMap(fontBlobs);
}

/** The open family the PDF draws a layout font with. */
export function pdfFamily(layoutFont: string): string {
  const fonts = table();
  return fonts.fonts[fonts.layouts[layoutFont] ?? Object.values(fonts.layouts)[0]!]!.family;
}
