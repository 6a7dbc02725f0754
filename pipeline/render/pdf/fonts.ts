// The fonts resume.pdf embeds (templates/pdf/fonts.yaml): the layout's font as its open counterpart, and a
// font per script only when the resume holds a character of that script, so a Latin resume never reads
// the 11 MB of the CJK font. Font files are read once per process.
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
    z.strictObject({ family: z.string(), package: z.string(), files: z.array(z.string()).min(1) }),
  ),
  scripts: z.array(z.strictObject({ font: z.string(), scripts: z.array(z.string()).min(1) })),
});
type FontTable = z.infer<typeof fontsSchema>;

const FONTS_FILE = assetPath("templates", "pdf", "fonts.yaml");

const table = lazy((): FontTable => {
  const parsed = checkDocument(readFileSync(FONTS_FILE, "utf8"), FONTS_FILE, fontsSchema, { syntax: "yaml" });
  for (const key of [...Object.values(parsed.layouts), ...parsed.scripts.map((s) => s.font)]) {
    if (!parsed.fonts[key]) throw new Error(`${FONTS_FILE}: font "${key}" is not under fonts`);
  }
  return parsed;
});

const require = createRequire(import.meta.url);
const blobs = new Map<string, Buffer[]>();

function fontBlobs(key: string): Buffer[] {
  let read = blobs.get(key);
  if (!read) {
    const font = table().fonts[key]!;
    const root = dirname(require.resolve(`${font.package}/package.json`));
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
}

/** The fonts a resume needs: the layout's, then one for each script its text holds. */
export function chooseFonts(layoutFont: string, text: string): FontChoice {
  const fonts = table();
  const main = fonts.layouts[layoutFont] ?? Object.values(fonts.layouts)[0]!;
  const keys = [main];
  for (const { font, scripts } of fonts.scripts) {
    const pattern = new RegExp(scripts.map((s) => `\\p{Script=${s}}`).join("|"), "u");
    if (pattern.test(text) && !keys.includes(font)) keys.push(font);
  }
  return { keys, families: keys.map((key) => fonts.fonts[key]!.family) };
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
