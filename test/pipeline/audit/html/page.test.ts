// The page builder on a small run with hostile strings everywhere a run's data lands: they stay text.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sealRecords, type UnsealedRecord } from "../../../../guards/index.js";
import type { JsonResume } from "../../../../core/resume.js";
import { buildAuditPage, type AuditPageInput } from "../../../../pipeline/audit/html/page.js";

const HOSTILE = `<script>alert("k")</script>`;

const resume: JsonResume = {
  basics: { name: "Dana <b>Reyes</b>", summary: "Backend engineer." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: ["Served [NUM_REDACTED] on PostgreSQL </p><img src=x>", "Built the ledger."],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL"] }],
};

const drafts: UnsealedRecord[] = [
  {
    guard: "number-provenance",
    rule: "ungrounded-number",
    action: "redact",
    field: "work[0].highlights[0]",
    range: [7, 17],
    outputRange: [7, 21],
    original: "50,000 rps",
    replacement: "[NUM_REDACTED]",
    reason: `"50,000 rps" is in no source <img src=x onerror=alert(1)>.`,
    evidence: [{ source: "profile", ref: "work[0]", text: HOSTILE }],
  },
  {
    guard: "claim-net",
    rule: "unsupported-technology",
    action: "remove",
    field: "skills[0].keywords[1]",
    original: HOSTILE,
    replacement: "",
    reason: "Nothing backs it.",
    evidence: [],
  },
  {
    guard: "verifier",
    rule: "not-grounded",
    action: "fallback",
    field: "work[0].highlights[1]",
    range: [0, 31],
    outputRange: [0, 17],
    original: "Won the <em>Excellence</em> Award",
    replacement: "Built the ledger.",
    reason: "No single source supports it.",
    evidence: [{ source: "chunk", ref: "c1" }],
  },
];
const sealed = sealRecords(drafts, { runId: "run-1", ts: "2026-01-02T03:04:05.000Z" });
const records = sealRecords(
  [
    {
      guard: "override",
      rule: "false-positive",
      action: "override",
      field: "work[0].highlights[0]",
      original: "[NUM_REDACTED]",
      replacement: "50,000 rps",
      reason: `The load test says so </article><script>x()</script>.`,
      evidence: [
        { source: "fact", ref: "redaction-log.jsonl#seq=1" },
        { source: "fact", ref: "auditor", text: "alice <ops>" },
      ],
    },
  ],
  { runId: "run-1", ts: "2026-01-03T00:00:00.000Z", prevHash: sealed.at(-1)!.hash, firstSeq: 4 },
);
const all = [...sealed, ...records];

function page(overrides: Partial<AuditPageInput> = {}): string {
  return buildAuditPage({
    logPath: `/runs/${HOSTILE}/redaction-log.jsonl`,
    records: all,
    verification: { status: "intact", headline: "chain intact: 4 records; unsigned", problems: [] },
    run: { runId: "run-1", job: `jobs/${HOSTILE}.md`, writer: "template", verifier: "local", mode: "block" },
    resume,
    evidence: new Map([
      [
        "work[0].highlights[0]",
        [
          {
            kind: "technology",
            subject: "PostgreSQL",
            summary: "PostgreSQL has production evidence.",
            places: [
              { label: "ledger/package.json:12", quote: HOSTILE },
              { label: "x", href: "javascript:alert(1)" },
            ],
          },
        ],
      ],
      ["work[0].highlights[1]", []],
    ]),
    evidenceNote: `Evidence from ${HOSTILE}.`,
    ...overrides,
  });
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("buildAuditPage: escaping", () => {
  const html = page();

  it("holds exactly one script element, its own, allowed by hash in the Content-Security-Policy", () => {
    expect(count(html.toLowerCase(), "<script")).toBe(1);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    const hash = createHash("sha256").update(script).digest("base64");
    expect(html).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toContain("default-src 'none'");
  });

  it("shows every hostile string as text", () => {
    expect(html).not.toMatch(/<img|<b>Reyes|<em>Excellence|<\/article><script/);
    expect(html).toContain("Dana &lt;b&gt;Reyes&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;alert(&quot;k&quot;)&lt;/script&gt;");
    expect(html).toContain("onerror=alert(1)&gt;");
    expect(html).toContain("on PostgreSQL &lt;/p&gt;&lt;img src=x&gt;");
  });

  it("links only to github.com, and fetches nothing: no src, no url(), no @import", () => {
    // Escaped text never holds `<`: a `src` inside a tag would be a real one.
    expect(html).not.toMatch(/<[^>]*\s(src|srcset|poster|data|action)=|url\(|@import|href="javascript/i);
    expect(html.match(/href="(?!#)[^"]*"/g) ?? []).toEqual([]);
  });
});

describe("buildAuditPage: records in place", () => {
  const html = page();

  it("renders one article per record, tagged for the filters", () => {
    expect(count(html, `<article class="record`)).toBe(4);
    expect(html).toContain(`id="record-2" data-guard="claim-net" data-action="remove" data-section="skills"`);
  });

  it("shows the change as a diff, the reason and the evidence", () => {
    const article = html.slice(html.indexOf(`id="record-1"`), html.indexOf(`id="record-2"`));
    expect(article).toContain(
      `<del><span class="sr-only">removed: </span>50,000 rps</del><ins><span class="sr-only">added: </span>[NUM_REDACTED]</ins>`,
    );
    expect(article).toContain("ungrounded-number");
    expect(article).toContain(`<code>work[0]</code> <q>&lt;script&gt;`);
  });

  it("strikes a removed keyword through right after its skills line", () => {
    const skills = html.slice(html.indexOf(`id="resume-skills"`));
    expect(skills).toMatch(
      /<p class="skills">.*?<\/p>\n<p class="removed">.*?<del>&lt;script&gt;alert\(&quot;k&quot;\)&lt;\/script&gt;<\/del>.*?#2<\/a> claim-net/,
    );
  });

  it("marks the redaction where it sits in the kept line and links the record", () => {
    expect(html).toContain(`Served <mark>[NUM_REDACTED]</mark> on PostgreSQL`);
    expect(html).toMatch(/\(changed: <a href="#record-1">#1<\/a>\)/);
  });

  it("says who overrode what and why, on both records", () => {
    expect(html).toContain(
      `⚑ An auditor overrode <a href="#record-1">#1</a> at <time>2026-01-03T00:00:00.000Z</time> as <strong>alice &lt;ops&gt;</strong>. Why:`,
    );
    expect(html).toContain(
      `⚑ Overridden by <a href="#record-4">#4</a>: The load test says so &lt;/article&gt;`,
    );
  });
});

describe("buildAuditPage: evidence and header", () => {
  it("gives each line with evidence a focusable claim, a hover box and a numbered note", () => {
    const html = page();
    expect(count(html, `class="claim" tabindex="0"`)).toBe(2);
    expect(html).toContain(`aria-describedby="ev-1" data-field="work[0].highlights[0]"`);
    expect(html).toContain(`<li id="fn-1"><p><code>work[0].highlights[0]</code>`);
    expect(html).toContain("Nothing to cite");
  });

  it("does not link a place whose href is not a GitHub link", () => {
    expect(page()).toContain("<code>x</code>");
  });

  it("puts a failed verification at the top, as an alert, with an icon and words", () => {
    const html = page({
      verification: {
        status: "broken",
        headline: "chain BROKEN: line 2 (seq 2): hash does not match",
        problems: ["report.json: x"],
      },
    });
    const body = html.slice(html.indexOf("<body>"));
    expect(body.indexOf(`class="verification failed" role="alert"`)).toBeLessThan(body.indexOf("<h1>"));
    expect(body).toContain("✖</span> <strong>Verification failed:</strong> chain BROKEN: line 2 (seq 2)");
    expect(body).toContain("<li>report.json: x</li>");
  });

  it("counts records by guard and by action", () => {
    const html = page();
    expect(html).toContain(`<a href="#guard-claim-net">claim-net</a></th><td>1</td>`);
    expect(html).toContain(`<a href="#action-override">override</a></th><td>1</td>`);
    expect(html).toContain(`<section class="facet" id="guard-verifier"`);
  });

  it("shows the records alone when there is no resume", () => {
    const html = page({ resume: undefined });
    expect(html).toContain("No resume.json beside the log");
    expect(count(html, `<article class="record`)).toBe(4);
  });
});
