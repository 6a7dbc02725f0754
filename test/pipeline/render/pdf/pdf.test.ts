import { getDocumentProxy, getMeta } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import type { JsonResume } from "../../../../core/resume.js";
import { expectedTexts } from "../../../../pipeline/render/ats/expected.js";
import { readPdfText } from "../../../../pipeline/render/ats/read.js";
import { layoutNames, loadLayout } from "../../../../pipeline/render/layout.js";
import { renderPdf } from "../../../../pipeline/render/pdf/pdf.js";
import { pieces } from "../../../../pipeline/render/pdf/typst-input.js";
import { sampleResume } from "../docx-reader.js";
import { extraSectionsResume } from "../extra-sections-sample.js";

const resume = sampleResume();
const classic = loadLayout("classic");
let bytes: Uint8Array;
let pages: number;

beforeAll(async () => {
  ({ bytes, pages } = await renderPdf(resume, classic));
});

const latin1 = (data: Uint8Array) => Buffer.from(data).toString("latin1");
const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

async function annotations(data: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(data));
  const links: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    for (const a of await page.getAnnotations())
      if (a.subtype === "Link" && a.url) links.push(a.url as string);
  }
  return links;
}

describe("pieces: the words a PDF line must not break inside", () => {
  it("keeps URLs, slashed and hyphenated words whole; not Chinese, nor a word longer than a line", () => {
    expect(pieces("Ran CI/CD on github.com/ada, right-sizing nodes")).toEqual([
      { text: "Ran " },
      { text: "CI/CD", keep: true },
      { text: " on " },
      { text: "github.com/ada,", keep: true },
      { text: " " },
      { text: "right-sizing", keep: true },
      { text: " nodes" },
    ]);
    expect(
      pieces("开发/预发布 and a-very-long-hyphenated-identifier-that-runs-past-forty-characters"),
    ).toEqual([
      { text: "开发/预发布 and a-very-long-hyphenated-identifier-that-runs-past-forty-characters" },
    ]);
  });
});

describe("renderPdf: resume.pdf through Typst", () => {
  it("is a PDF whose text layer holds every field in the layout's order, without ligature characters", async () => {
    const text = await readPdfText(bytes);
    expect(latin1(bytes.slice(0, 5))).toBe("%PDF-");
    expect(text.ligatures).toEqual([]);
    const flat = text.text.replace(/\s+/g, " ");
    let at = 0;
    for (const item of expectedTexts(resume, classic)) {
      const found = flat.indexOf(item.text.replace(/\s+/g, " "), at);
      expect(found, `${item.field} "${item.text}"`).toBeGreaterThanOrEqual(at);
      at = found;
    }
    // "efficient" with an ffi: the text layer says the letters, not the ligature.
    expect(text.text).not.toMatch(/[\uFB00-\uFB06]/u);
  });

  it("embeds every font it uses, subset, and names no font it does not carry", () => {
    const raw = latin1(bytes);
    const fonts = count(raw, /\/Subtype\s*\/CIDFontType[02]/g);
    expect(fonts).toBeGreaterThanOrEqual(2); // regular and bold at least
    expect(count(raw, /\/FontFile[23]?\s/g)).toBe(fonts);
    expect(raw).not.toMatch(/\/Subtype\s*\/(Type1|TrueType|Type3)\b/);
    expect(raw).toMatch(/\/BaseFont\s*\/[A-Z]{6}\+Carlito/);
  });

  it("carries title, author and keywords, and links the contact line's addresses", async () => {
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const { info } = (await getMeta(document)) as { info: Record<string, string> };
    expect(info.Title).toBe("Dana Reyes — Resume");
    expect(info.Author).toBe("Dana Reyes");
    expect(info.Keywords).toContain("TypeScript");
    const links = await annotations(bytes);
    expect(links).toContain("mailto:dana.reyes@example.com");
    expect(links).toContain("https://github.com/dana-reyes");
  });

  it("says how many pages Typst laid out, and gives the same bytes for the same resume and date", async () => {
    expect(pages).toBe(1);
    expect((await readPdfText(bytes)).pages).toBe(1);
    const again = await renderPdf(resume, classic);
    expect(Buffer.from(again.bytes).equals(Buffer.from(bytes))).toBe(true);
    const dated = await renderPdf(resume, classic, { date: "2026-12-03T10:00:00Z" });
    expect(latin1(dated.bytes)).toMatch(/CreationDate\s*\(D:20261203100000/);
  });

  it("draws every shipped layout, each with its open font", async () => {
    const families = { classic: "Carlito", compact: "Arimo", modern: "Carlito" } as Record<string, string>;
    for (const name of layoutNames()) {
      const pdf = await renderPdf(extraSectionsResume(), loadLayout(name));
      expect(pdf.fonts[0], name).toBe(families[name]);
      expect((await readPdfText(pdf.bytes)).text, name).toContain("Engineering Excellence Award");
    }
  });

  it("reads markup characters as text: a resume cannot run Typst code", async () => {
    const hostile: JsonResume = {
      basics: { name: '#panic("x") *bold* $x$ <label> @ref // not a comment' },
      work: [
        {
          name: "A_B",
          position: "[link](x) \\ #set page(width: 1pt)",
          highlights: ["= Not a heading", "`raw` ~ -- ..."],
        },
      ],
    };
    const pdf = await renderPdf(hostile, classic);
    const text = (await readPdfText(pdf.bytes)).text.replace(/\s+/g, " ");
    expect(text).toContain('#panic("x") *bold* $x$ <label> @ref // not a comment');
    expect(text).toContain("[link](x) \\ #set page(width: 1pt)");
    expect(text).toContain("= Not a heading");
    expect(text).toContain("`raw` ~ -- ...");
  });

  it("draws accents, a CJK name and a right-to-left location with fonts of their scripts", async () => {
    const unicode: JsonResume = {
      basics: {
        name: "李小龍 (Lee Siu-lung)",
        label: "Ingénieure logicielle",
        location: { city: "תל אביב", countryCode: "IL" },
        email: "zoë@example.com",
      },
      work: [
        {
          name: "Société Générale",
          position: "Développeuse",
          startDate: "2020-01",
          highlights: [
            "Réécrit le moteur de règles en Rust — 東京チーム",
            "Привет, Ελληνικά, हिन्दी, ภาษาไทย",
          ],
        },
      ],
    };
    const pdf = await renderPdf(unicode, classic);
    expect(pdf.fonts).toEqual([
      "Carlito",
      "Noto Sans Hebrew",
      "Noto Sans Devanagari",
      "Noto Sans Thai",
      "Noto Sans JP",
    ]);
    const text = (await readPdfText(pdf.bytes)).text;
    // Drawn right to left; PDF.js reads the words as drawn (compare.ts accepts either order).
    expect(text).toMatch(/אביב תל|תל אביב/);
    for (const s of [
      "李小龍",
      "Ingénieure logicielle",
      "Société Générale",
      "東京チーム",
      "zoë@example.com",
      "Привет, Ελληνικά",
    ])
      expect(text).toContain(s);
  });
});
