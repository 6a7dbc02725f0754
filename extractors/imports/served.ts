// Libraries a page loads: `<script src>` and stylesheet `<link href>` in HTML and server templates. A CDN
// URL names its npm package (jsDelivr `/npm/bootstrap@5.3.3/…`, unpkg, esm.sh, cdnjs `/ajax/libs/jquery/…`);
// a local file names its library by its file name (`static/js/lib/jquery-3.7.1.min.js` is jQuery), so a
// vendored, minified copy the app serves counts though the copy itself is never read. A script served by
// its vendor names the vendor by host (`js.stripe.com`, `maps.googleapis.com`), reported under `host`.
import { hasExtension } from "./common.js";
import type { FileDetector } from "../types.js";
import { type TextHit, textDetections } from "../text-hits.js";

const TEMPLATES = [
  ".html",
  ".htm",
  ".hbs",
  ".handlebars",
  ".erb",
  ".ejs",
  ".njk",
  ".jinja",
  ".jinja2",
  ".j2",
  ".twig",
  ".tmpl",
  ".gohtml",
  ".liquid",
  ".mustache",
  ".cshtml",
  ".razor",
];

const SCRIPT = /<script\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1/gis;
const STYLESHEET = /<link\b[^>]*?\bhref\s*=\s*(["'])(.*?\.css\b.*?)\1/gis;

const CDN: readonly RegExp[] = [
  /\bcdn\.jsdelivr\.net\/npm\/((?:@[\w.-]+\/)?[\w.-]+?)(?:@[^/]*)?\//,
  /\bunpkg\.com\/((?:@[\w.-]+\/)?[\w.-]+?)(?:@[^/]*)?\//,
  /\besm\.sh\/((?:@[\w.-]+\/)?[\w.-]+?)(?:@[^/]*)?(?:\/|$)/,
  /\bcdnjs\.cloudflare\.com\/ajax\/libs\/([\w.-]+)\//,
];
// Parts of a built file's name that are no part of the library's: `.min`, `.slim`, `.bundle`, a version.
const NOT_NAME = /(?:[.-](?:min|slim|bundle|esm|umd|production|development|prod|dev|full|core|global))+$/;
const VERSION = /[.@-]v?\d+(?:\.\d+)*(?:-[\w.]+)?$/;

/** The npm names a referenced file may be published under: `jquery-3.7.1.slim.min.js` → jquery. */
export function libraryNames(reference: string): string[] {
  for (const pattern of CDN) {
    const name = pattern.exec(reference)?.[1];
    if (name) return [name.toLowerCase()];
  }
  const file = /([\w.@-]+)\.(?:m?js|css)(?:[?#].*)?$/i.exec(reference.replace(/["')\s}]+$/, ""))?.[1];
  if (!file) return [];
  let name = file.toLowerCase();
  for (let before = ""; before !== name;) {
    before = name;
    name = name.replace(NOT_NAME, "").replace(VERSION, "");
  }
  if (
    !/^[a-z][\w.-]*$/.test(name) ||
    /^(?:app|main|index|script|scripts|style|styles|site|custom|bundle|vendor)$/.test(name)
  )
    return [];
  // chart.min.js is chart.js; htmx.min.js is htmx.org.
  return [name, `${name}.js`, `${name}.org`];
}

export const servedLibraryDetector: FileDetector = {
  id: "imports:served",
  matches: (path) => hasExtension(path, TEMPLATES),
  detect({ text }) {
    if (!/<(?:script|link)\b/i.test(text)) return [];
    const hits: TextHit[] = [];
    for (const m of [...text.matchAll(SCRIPT), ...text.matchAll(STYLESHEET)]) {
      const reference = m[2] ?? "";
      for (const name of libraryNames(reference)) hits.push({ key: { space: "npm", name }, at: m.index });
      const host = /^(?:https?:)?\/\/([a-z0-9.-]+)/i.exec(reference)?.[1]?.toLowerCase();
      if (host) hits.push({ key: { space: "host", name: host }, at: m.index });
    }
    return textDetections(text, hits, "import");
  },
};
