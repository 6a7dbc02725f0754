import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hiddenRuns, readable, readingView } from "../../core/text-view.js";

describe("readingView", () => {
  it.each([
    ["cut costs by ９０%", "cut costs by 90%"],
    ["cut costs by ٩٠%", "cut costs by 90%"],
    ["𝟓𝟎,𝟎𝟎𝟎 users", "50,000 users"],
    ["৩ years in ಕ೦ ೯", "3 years in ಕ0 9"],
    ["٣٫٥٪ churn", "3.5% churn"],
    ["23\u200b years", "23 years"],
    ["1½ years", "1.5 years"],
    ["½ day", "0.5 day"],
    ["１½ days", "1.5 days"],
    ["Ｋｕｂｅｒ\u00adｎｅｔｅｓ", "Kubernetes"],
    ["ﬁxed the ﬂaky build…", "fixed the flaky build..."],
    ["\u202eevil\u202c text", "evil text"],
    ["① first ⑵ second", "1 first (2) second"],
    ["cut costs by 9\u034f0%", "cut costs by 90%"],
    ["served 50\u2009000 users", "served 50,000 users"],
    // Disguised Latin words: a look-alike of another script inside a Latin word, or a whole word of them.
    ["L\u0435d the frontend team", "Led the frontend team"],
    ["\u041epenAI in production", "OpenAI in production"],
    ["Built \u0440\u043e\u0441 tooling for the team", "Built poc tooling for the team"],
    ["cut costs by 9\u041e%", "cut costs by 90%"],
  ])("reads %j as %j", (written, read) => {
    const view = readingView(written);
    expect(view.text).toBe(read);
    expect(view.changed).toBe(true);
    expect(readable(written.slice(...view.toOriginal(0, view.text.length)))).toBe(read);
  });

  it.each([
    "plain ASCII text",
    "café — naïve résumé",
    "latency 250µs",
    "Ütopia 2,5 €",
    // Words in their own script, and Latin letters outside ASCII, read as written.
    "On the Яндекс search team",
    "Работал в команде поиска: оса, рос",
    "Αθήνα office",
    "Kırıkkale and Łódź",
  ])("leaves %j as it is", (text) => {
    const view = readingView(text);
    expect(view.text).toBe(text);
    expect(view.changed).toBe(false);
    expect(view.toOriginal(2, 5)).toEqual([2, 5]);
  });

  it("maps a figure's range back to the characters it was written with", () => {
    const text = "by ９０% now";
    const view = readingView(text);
    expect(view.text).toBe("by 90% now");
    const [start, end] = view.toOriginal(3, 6);
    expect(text.slice(start, end)).toBe("９０%");
    expect(view.toOriginal(7, 10)).toEqual([7, 10]);
  });

  it("takes a whole surrogate pair for a digit written in mathematical letters", () => {
    const text = "𝟓𝟎,𝟎𝟎𝟎 users";
    const view = readingView(text);
    expect(text.slice(...view.toOriginal(0, 6))).toBe("𝟓𝟎,𝟎𝟎𝟎");
    expect(text.slice(...view.toOriginal(1, 2))).toBe("𝟎");
    expect(text.slice(...view.toOriginal(7, 12))).toBe("users");
  });

  it("keeps hidden characters out of a range's edges and in its middle", () => {
    const text = "23\u200b years";
    const view = readingView(text);
    expect(view.toOriginal(0, 2)).toEqual([0, 2]);
    expect(view.toOriginal(2, 8)).toEqual([3, 9]);
    expect(view.toOriginal(0, 8)).toEqual([0, 9]);
  });

  it("takes all of a character that reads as several (a ligature, a fraction)", () => {
    const text = "the ﬁx took 1½ days";
    const view = readingView(text);
    expect(view.text).toBe("the fix took 1.5 days");
    expect(text.slice(...view.toOriginal(4, 5))).toBe("ﬁ");
    expect(text.slice(...view.toOriginal(13, 16))).toBe("1½");
    expect(text.slice(...view.toOriginal(14, 15))).toBe("½");
  });

  it.each([
    ["cut costs by 9O%", "cut costs by 90%"],
    ["Led l00 engineers", "Led 100 engineers"],
    ["Grew to 5O,OOO users", "Grew to 50,000 users"],
    ["１O%", "10%"],
  ])("reads the figure a person sees in %j", (written, read) => {
    const view = readingView(written);
    expect(view.text).toBe(read);
    expect(view.changed).toBe(true);
    expect(view.toOriginal(0, view.text.length)).toEqual([0, written.length]);
  });

  it.each([
    "Worked at O2 on I2C drivers",
    "IO 1 and Ol 10",
    "l10n and i18n",
    "S3 and EC2 in 2O24x",
    "Oil 10",
  ])("leaves names that hold look-alikes alone: %j", (text) => {
    expect(readable(text)).toBe(text);
  });

  it("keeps a thin space that groups nothing", () => {
    expect(readable("50\u2009km and 1\u20090000")).toBe("50 km and 1 0000");
  });

  it("readable is the view's text", () => {
    expect(readable("９９.９５%")).toBe("99.95%");
  });

  it("maps every range of any text into the original, in order, covering what the view covers", () => {
    const pieces = fc.constantFrom(
      "a",
      "7",
      " ",
      "%",
      "９",
      "٩",
      "𝟓",
      "\u200b",
      "\u00ad",
      "\u202e",
      "½",
      "ﬁ",
      "Ｋ",
      "é",
      "—",
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), fc.nat(), fc.nat(), (parts, x, y) => {
        const text = parts.join("");
        const view = readingView(text);
        const n = view.text.length;
        const start = n === 0 ? 0 : x % (n + 1);
        const end = start + (n === 0 ? 0 : y % (n - start + 1));
        const [a, b] = view.toOriginal(start, end);
        expect(0 <= a && a <= b && b <= text.length).toBe(true);
        // What the original range reads as holds what the view's range holds.
        expect(readable(text.slice(a, b))).toContain(view.text.slice(start, end).replace(/^0(?=\.)/, ""));
      }),
    );
  });
});

describe("hiddenRuns", () => {
  it("finds zero-width spaces, soft hyphens, bidi controls and tags", () => {
    const text = "23\u200b years, Kuber\u00adnetes, \u202eevil\u202c, tag\u{E0041}";
    expect(hiddenRuns(text).map((r) => [text.slice(r.start, r.end), r.codes])).toEqual([
      ["\u200b", ["U+200B"]],
      ["\u00ad", ["U+00AD"]],
      ["\u202e", ["U+202E"]],
      ["\u202c", ["U+202C"]],
      ["\u{E0041}", ["U+E0041"]],
    ]);
  });

  it("keeps a joiner between letters or pictographs, and nothing in plain text", () => {
    expect(hiddenRuns("می\u200cخواهم")).toEqual([]);
    expect(hiddenRuns("👩\u200d💻 developer")).toEqual([]);
    expect(hiddenRuns("plain text")).toEqual([]);
    expect(hiddenRuns("a\u200d b")).toHaveLength(1);
    expect(hiddenRuns("ok ✔\ufe0f")).toEqual([]);
    expect(hiddenRuns("9\u034f0% \u3164").map((r) => r.codes)).toEqual([["U+034F"], ["U+3164"]]);
  });
});
