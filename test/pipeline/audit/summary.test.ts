import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RedactionRecord } from "../../../guards/redaction-record.js";
import {
  csvField,
  describeMatch,
  renderCsv,
  renderJson,
  renderText,
  summarize,
} from "../../../pipeline/audit/summary.js";
import { buildLog } from "./fixture.js";

const { records } = buildLog();
const log = { path: "out/redaction-log.jsonl", records };
const intact = summarize(log, { ok: true, records: records.length });

/** A strict RFC 4180 reader, to check the writer against. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const quoted = () => {
    let field = "";
    for (i++; ; i++) {
      if (i >= text.length) throw new Error("unterminated quote");
      if (text[i] !== '"') field += text[i];
      else if (text[i + 1] === '"') field += text[++i];
      else return (i++, field);
    }
  };
  const bare = () => {
    const stop = text.slice(i).search(/[,\r]|$/) + i;
    const field = text.slice(i, stop);
    i = stop;
    return field;
  };
  while (i < text.length) {
    row.push(text[i] === '"' ? quoted() : bare());
    if (text[i] === ",") i++;
    else if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) throw new Error(`stray character at ${i}`);
  }
  if (row.length) rows.push(row);
  return rows;
}

describe("summarize", () => {
  it("counts per guard and per action, keys sorted", () => {
    expect(intact.counts).toEqual({
      total: 5,
      byGuard: { "number-provenance": 3, "vendor-provenance": 2 },
      byAction: { demote: 1, redact: 3, remove: 1 },
    });
    expect(Object.keys(intact.counts.byAction)).toEqual(["demote", "redact", "remove"]);
  });

  it("has the stable JSON shape", () => {
    const json = JSON.parse(renderJson(intact));
    expect(Object.keys(json)).toEqual(["log", "chain", "counts", "records"]);
    expect(json.log).toBe("out/redaction-log.jsonl");
    expect(json.chain).toEqual({ ok: true });
    expect(json.records).toHaveLength(5);
    expect(json.records[1]).toEqual({
      seq: 2,
      guard: "number-provenance",
      rule: "ungrounded-number",
      action: "redact",
      field: "basics.summary",
      before: "40%",
      after: "[NUM_REDACTED]",
      reason: '"40%" appears in no profile value or grounding fact.',
    });
    expect(json.records[4]).toMatchObject({ action: "remove", before: "OpenAI", after: "" });
  });

  it("summarises match records instead of dumping their JSON", () => {
    expect(intact.records[0]).toMatchObject({
      field: "matches[0]",
      before: "LLM integration: openai (production-backed)",
      after: "LLM integration: openai (example-only)",
    });
    expect(describeMatch("")).toBe("");
    expect(describeMatch('{"requirement":"SQL","status":"unsupported"}')).toBe("SQL (unsupported)");
    expect(describeMatch("not json")).toBe("not json");
  });

  it("carries the first bad record when the chain is broken", () => {
    const firstBad = { seq: 3, line: 3, problem: "hash does not match" };
    const broken = summarize(log, { ok: false, records: 5, firstBad });
    expect(broken.chain).toEqual({ ok: false, firstBad });
    expect(renderText(broken)).toContain(
      "chain BROKEN: out/redaction-log.jsonl: line 3 (seq 3): hash does not match.",
    );
  });
});

describe("renderText", () => {
  const text = renderText(intact);

  it("opens with the log, the chain status and the counts", () => {
    expect(text.split("\n").slice(0, 4)).toEqual([
      "redaction log: out/redaction-log.jsonl",
      "chain intact: 5 records",
      "by guard:  number-provenance 3, vendor-provenance 2",
      "by action: demote 1, redact 3, remove 1",
    ]);
  });

  it("shows each record's field, before → after and reason", () => {
    expect(text).toContain(
      [
        "#4  number-provenance/ungrounded-number  redact  work[0].highlights[1]",
        '    "50,000 requests per second" → "[NUM_REDACTED]"',
        '    "50,000 requests per second" appears in no profile value or grounding fact.',
      ].join("\n"),
    );
    expect(text).toContain('    "OpenAI" → (removed)');
  });

  it("keeps a long or multi-line value on one short line", () => {
    const long: RedactionRecord = { ...records[1]!, original: `${"x".repeat(300)}\nsecond line` };
    const line = renderText(summarize({ path: "l", records: [long] }, { ok: true, records: 1 }))
      .split("\n")
      .find((l) => l.includes("→"))!;
    expect(line.length).toBeLessThan(160);
    expect(line).toContain("…");
  });
});

describe("renderCsv", () => {
  it("writes a header row and one row per record", () => {
    const rows = parseCsv(renderCsv(intact));
    expect(rows[0]).toEqual(["seq", "guard", "rule", "action", "field", "before", "after", "reason"]);
    expect(rows).toHaveLength(6);
    expect(rows[4]).toEqual([
      "4",
      "number-provenance",
      "ungrounded-number",
      "redact",
      "work[0].highlights[1]",
      "50,000 requests per second",
      "[NUM_REDACTED]",
      '"50,000 requests per second" appears in no profile value or grounding fact.',
    ]);
  });

  it.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rlf\r\n", '"cr\rlf\r\n"'],
    [" spaced ", " spaced "],
  ])("quotes %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  // OWASP CSV injection: a cell a spreadsheet would evaluate starts with a ' and is shown as text.
  it.each([
    ['=HYPERLINK("http://evil.example","x")', '"\'=HYPERLINK(""http://evil.example"",""x"")"'],
    ["=1+2", "'=1+2"],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", '"\'\r=1"'],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ["a=1", "a=1"],
    ["40% - 2", "40% - 2"],
    [" =1", " =1"],
  ])("neutralises %j as %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("round-trips any text through an RFC 4180 reader, a formula's leading ' aside", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", " ", "é", "=", "+", "-", "@", "\t") }),
        ),
        (values) => {
          const rows = values.map((v, i) => ({ ...records[1]!, seq: i + 1, original: v, reason: v }));
          const parsed = parseCsv(
            renderCsv(summarize({ path: "l", records: rows }, { ok: true, records: 0 })),
          );
          const shown = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
          expect(parsed.slice(1).map((r) => [r[5], r[7]])).toEqual(values.map((v) => [shown(v), shown(v)]));
        },
      ),
    );
  });
});
