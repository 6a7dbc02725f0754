import { describe, expect, it } from "vitest";
import { compareReadBack, readingText, visualOrder } from "../../../../pipeline/render/ats/compare.js";
import type { ExpectedText } from "../../../../pipeline/render/ats/expected.js";

const expected: ExpectedText[] = [
  { field: "basics.name", text: "Dana Reyes" },
  { field: "basics.email", text: "dana@example.com", contact: true },
  { field: "work[0].position", text: "Platform Engineer" },
  { field: "work[0].dates", text: "Apr 2021 – Present" },
  { field: "work[0].highlights[0]", text: "Cut p95 latency by right-sizing node groups." },
];
const whole =
  "Dana Reyes\ndana@example.com\nPlatform Engineer — Fernhill Apr 2021 – Present\n• Cut p95 latency by right-sizing node\ngroups.";

describe("compareReadBack: what an ATS must find, in order, as whole words", () => {
  it.each([
    ["the whole text, lines wrapped between words", whole, [], []],
    [
      "a line broken inside a hyphenated word",
      whole.replace("right-sizing", "right-\nsizing"),
      ["work[0].highlights[0]"],
      [],
    ],
    [
      "two words glued at a line end",
      whole.replace("node\ngroups", "nodegroups"),
      ["work[0].highlights[0]"],
      [],
    ],
    ["a word split by a space", whole.replace("latency", "late ncy"), ["work[0].highlights[0]"], []],
    ["a date range glued to the title", whole.replace(" Apr 2021", "Apr 2021"), ["work[0].dates"], []],
    ["the email dropped", whole.replace("dana@example.com", ""), ["basics.email"], []],
    [
      "the dates drawn before the title",
      "Dana Reyes dana@example.com Apr 2021 – Present Platform Engineer Cut p95 latency by right-sizing node groups.",
      [],
      ["work[0].dates"],
    ],
    ["a character drawn without a font", whole.replace("Reyes", "Rey\u0000s"), ["basics.name"], []],
  ])("%s", (_, read, missing, outOfOrder) => {
    const result = compareReadBack(expected, read);
    expect(result.missing.map((m) => m.field)).toEqual(missing);
    expect(result.outOfOrder.map((m) => m.field)).toEqual(outOfOrder);
    expect(result.checked).toBe(5);
  });

  it("reports the contact details found and lost by field", () => {
    expect(compareReadBack(expected, whole).contact).toEqual({ found: ["basics.email"], missing: [] });
    expect(compareReadBack(expected, "Dana Reyes").contact).toEqual({ found: [], missing: ["basics.email"] });
  });

  it("takes a right-to-left run read in visual order as the same text", () => {
    const hebrew: ExpectedText[] = [{ field: "basics.location.city", text: "תל אביב", contact: true }];
    expect(compareReadBack(hebrew, "אביב תל, IL").missing).toEqual([]);
    expect(compareReadBack(hebrew, "תל אביב, IL").missing).toEqual([]);
    expect(compareReadBack(hebrew, "תלאביב, IL").missing).toHaveLength(1);
    expect(visualOrder("Office תל אביב יפו IL")).toBe("Office יפו אביב תל IL");
  });

  it("lets a line break anywhere inside a word longer than a line, and between Chinese, Japanese or Korean characters", () => {
    const url = "chrome.google.com/webstore/detail/kieaniodbboioemmcghcbkfmnhnkfmicbkpjopdnkmmdhknnefmc";
    const items: ExpectedText[] = [
      { field: "projects[0].url", text: url },
      { field: "basics.summary", text: "拥有7年以上React经验 的工程师" },
      { field: "basics.label", text: "서버 백엔드 개발" },
    ];
    const read = `${url.slice(0, 50)}\n${url.slice(50)}\n拥有7年以上\nReact经验的工\n程师\n서버 백엔\n드 개발`;
    expect(compareReadBack(items, read).missing).toEqual([]);
    // A short word broken across lines is still two words.
    const short: ExpectedText[] = [{ field: "x", text: "github.com/ada" }];
    expect(compareReadBack(short, "github.com/\nada").missing).toHaveLength(1);
  });

  it("reads text as a reader joins it", () => {
    expect(readingText(" a\tb \r\n c-\n  d ")).toBe("a b c- d");
  });
});
