import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.js";
import { assetPath } from "../../../core/paths.js";
import { layoutNames, loadLayout, parseLayout } from "../../../pipeline/render/layout.js";

const classicText = readFileSync(assetPath("templates", "layouts", "classic.yaml"), "utf8");

/** The classic layout's text with one line replaced. */
const edited = (from: RegExp, to: string) => {
  expect(classicText).toMatch(from);
  return classicText.replace(from, to);
};
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

describe("loadLayout", () => {
  it("ships at least two layouts, each valid", () => {
    expect(layoutNames()).toEqual(expect.arrayContaining(["classic", "compact"]));
    for (const name of layoutNames()) expect(loadLayout(name).sections.length).toBeGreaterThan(0);
  });

  it("reads classic by default and a layout file by path", () => {
    expect(loadLayout().font).toBe("Calibri");
    const dir = mkdtempSync(join(tmpdir(), "vouch-layout-"));
    const path = join(dir, "mine.yaml");
    writeFileSync(path, edited(/^font: Calibri$/m, "font: Georgia"));
    expect(loadLayout(path).font).toBe("Georgia");
  });

  it("names the known layouts for an unknown name", () => {
    expect(() => loadLayout("fancy")).toThrow(/unknown layout "fancy": expected one of classic, compact/);
    expect(() => loadLayout("./nowhere.yaml")).toThrow(InputError);
  });
});

describe("parseLayout errors name the file, line and field", () => {
  it("a font that is not a standard one", () => {
    const text = edited(/^font: Calibri$/m, "font: Comic Neue");
    expect(() => parseLayout(text, "mine.yaml")).toThrow(
      new RegExp(`^mine\\.yaml: line ${lineOf(text, "font:")}: field "font": expected one of Arial, `),
    );
  });

  it("a size that is not a number of points", () => {
    const text = edited(/^ {2}body: 10\.5$/m, "  body: big");
    expect(() => parseLayout(text, "mine.yaml")).toThrow(
      new RegExp(`^mine\\.yaml: line ${lineOf(text, "body: big")}: field "sizes.body": `),
    );
  });

  it("an unknown section and a section listed twice", () => {
    const unknown = edited(/^sections:\n(?: {2}- .*\n)+/m, "sections: [summary, hobbies]\n");
    expect(() => parseLayout(unknown, "l.yaml")).toThrow(/line \d+: field "sections\[1\]": /);
    const twice = edited(/^sections:\n(?: {2}- .*\n)+/m, "sections: [summary, skills, summary]\n");
    expect(() => parseLayout(twice, "l.yaml")).toThrow(/field "sections": a section is listed twice/);
  });

  it("an unknown key, on its own line", () => {
    const text = edited(/^ {2}caps: true$/m, "  caps: true\n  underline: true");
    expect(() => parseLayout(text, "l.yaml")).toThrow(
      new RegExp(`^l\\.yaml: line ${lineOf(text, "underline")}: field "headings\\.underline": `),
    );
  });

  it("a missing key, on its parent's line", () => {
    const text = edited(/^ {2}present: Present\n/m, "");
    expect(() => parseLayout(text, "l.yaml")).toThrow(
      new RegExp(`^l\\.yaml: line ${lineOf(text, "  format:")}: field "dates\\.present": `),
    );
  });

  it("a YAML syntax error", () => {
    expect(() => parseLayout("font: [Calibri\n", "l.yaml")).toThrow(/^l\.yaml: line \d+: /);
  });
});
