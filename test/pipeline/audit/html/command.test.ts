// `vouch audit <DIR> --html` on the samples' demo:guards run, on a folder without a log and on a broken
// chain; and `audit --json` / `--csv` carrying every record field.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { RedactionRecord } from "../../../../guards/redaction-record.js";
import { describeMatch } from "../../../../pipeline/audit/summary.js";
import { runCli } from "../../../helpers/cli.js";
import { demoRun } from "./demo-run.js";

const unescape = (html: string) =>
  html
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The before and after texts a record's diff line shows (kept + removed, kept + added). */
function diffTexts(article: string): [string, string] {
  const change = /<p class="change">(.*?)<\/p>/s.exec(article)![1]!;
  let before = "";
  let after = "";
  for (const [, tag, text] of change.matchAll(
    /<(span|del|ins)>(?:<span class="sr-only">(?:removed|added): <\/span>)?([^<]*)<\/\1>/g,
  )) {
    if (tag !== "ins") before += unescape(text!);
    if (tag !== "del") after += unescape(text!);
  }
  return [before, after];
}

function shown(record: RedactionRecord, value: string): string {
  if (record.field.startsWith("matches[")) return describeMatch(value);
  try {
    return value.startsWith("{") || value.startsWith("[") || value.startsWith('"')
      ? JSON.stringify(JSON.parse(value))
      : value;
  } catch {
    return value;
  }
}

let out: string;
let records: RedactionRecord[];
let html: string;
let code: number;
let stdout: string;
beforeAll(async () => {
  out = await demoRun(undefined, { ownPage: false });
  records = readFileSync(join(out, "redaction-log.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as RedactionRecord);
  ({ code, stdout } = await runCli(["audit", out, "--html"]));
  html = readFileSync(join(out, "audit.html"), "utf8");
}, 120_000);

describe("the page for the demo:guards run", () => {
  it("is written to DIR/audit.html with the verification result", () => {
    expect(code).toBe(0);
    expect(stdout).toBe(`wrote ${join(out, "audit.html")} (chain intact: 19 records; unsigned)\n`);
    expect(html).toContain(`<strong>Verified:</strong> chain intact: 19 records; unsigned`);
  });

  it("holds every record's original, replacement and reason", () => {
    expect(records).toHaveLength(19);
    for (const record of records) {
      const start = html.indexOf(`<article class="record action-${record.action}" id="record-${record.seq}"`);
      expect(start, `record ${record.seq}`).toBeGreaterThan(0);
      const article = html.slice(start, html.indexOf("</article>", start));
      expect(diffTexts(article)).toEqual([shown(record, record.original), shown(record, record.replacement)]);
      expect(unescape(/<p class="reason">.*?<\/span> (.*?)<\/p>/s.exec(article)![1]!)).toBe(record.reason);
    }
  });

  it("shows every kept highlight with its evidence note", () => {
    const resume = JSON.parse(readFileSync(join(out, "resume.json"), "utf8")) as {
      work: { highlights: string[] }[];
    };
    const kept = resume.work.flatMap((w, i) =>
      w.highlights.map((h, j) => [`work[${i}].highlights[${j}]`, h]),
    );
    expect(kept.length).toBeGreaterThan(4);
    for (const [field, text] of kept) {
      const note = new RegExp(
        `<li id="fn-\\d+"><p><code>${field!.replace(/[[\].]/g, "\\$&")}</code>: “(.*?)”</p>(.*?)</li></ul></li>`,
        "s",
      ).exec(html);
      expect(note, field).not.toBeNull();
      expect(unescape(note![1]!)).toBe(text);
      expect(note![2]).toContain(`<ul class="evidence-items">`);
    }
  });

  it("cites the repository file and line of the code behind a technology, and derived figures with both sources", () => {
    expect(html).toMatch(
      /<strong>Amazon EKS<\/strong> — .*?Production code uses it too: platform-infra\/[^ ]+\.tf:\d+/,
    );
    expect(html).toMatch(
      /<span class="kind">Derived figure:<\/span> <strong>5\.9x<\/strong> — 5\.9x is derived: the ratio of 820 ms and 140 ms \(5\.86\)\./,
    );
  });
});

describe("a run that wrote its own page", () => {
  it("is never rewritten by audit --html: its SHA-256 is in report.json (exit 2, nothing changed)", async () => {
    const run = await demoRun("vouch-audit-html-own-");
    const path = join(run, "audit.html");
    const before = readFileSync(path, "utf8");
    const audit = await runCli(["audit", run, "--html"]);
    expect(audit.code).toBe(2);
    expect(audit.stderr).toBe(
      `vouch: ${path} is the run's own evidence view (report.json lists its SHA-256); it is not rewritten: give --html FILE to write another page.\n`,
    );
    expect(readFileSync(path, "utf8")).toBe(before);
    expect((await runCli(["audit", run, "--verify"])).code).toBe(0);
  });
});

describe("bad input still gets a page", () => {
  it("a folder without a log: the page says so, exit 2", async () => {
    const empty = mkdtempSync(join(tmpdir(), "vouch-audit-html-empty-"));
    const run = await runCli(["audit", empty, "--html"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^vouch: .*redaction-log\.jsonl.* The page .*audit\.html says so\.\n$/);
    const page = readFileSync(join(empty, "audit.html"), "utf8");
    expect(page).toContain(`class="verification failed" role="alert"`);
    expect(page).toMatch(/Verification failed:<\/strong> the log cannot be verified: .*redaction-log\.jsonl/);
  });

  it("a broken chain: the page says so in red at the top, exit 1", async () => {
    const copy = mkdtempSync(join(tmpdir(), "vouch-audit-html-broken-"));
    cpSync(out, copy, { recursive: true });
    rmSync(join(copy, "audit.html"));
    const log = join(copy, "redaction-log.jsonl");
    const lines = readFileSync(log, "utf8").split("\n");
    lines[4] = JSON.stringify({ ...JSON.parse(lines[4]!), reason: "edited later" });
    writeFileSync(log, lines.join("\n"));
    const target = join(copy, "view.html");
    const run = await runCli(["audit", copy, "--html", target]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("line 5 (seq 5): hash does not match the record's content");
    const page = readFileSync(target, "utf8");
    expect(existsSync(join(copy, "audit.html"))).toBe(false);
    const body = page.slice(page.indexOf("<body>"));
    expect(body.indexOf(`class="verification failed" role="alert"`)).toBeLessThan(body.indexOf("<h1>"));
    expect(body).toContain("chain BROKEN:");
    expect(body).toContain("edited later");
  });

  it("a run whose profile is gone: the page shows the records and says why there is no line evidence", async () => {
    const copy = mkdtempSync(join(tmpdir(), "vouch-audit-html-moved-"));
    cpSync(out, copy, { recursive: true });
    const reportPath = join(copy, "report.json");
    const report = JSON.parse(readFileSync(reportPath, "utf8")) as { inputs: Record<string, unknown> };
    report.inputs.profile = join(copy, "gone.yaml");
    writeFileSync(reportPath, JSON.stringify(report));
    const run = await runCli(["audit", copy, "--html"]);
    const page = readFileSync(join(copy, "audit.html"), "utf8");
    expect(page).toContain(
      `Line evidence is not shown: the run&#39;s profile ${join(copy, "gone.yaml")} is not found`,
    );
    expect(page.split(`<article class="record`)).toHaveLength(20);
    expect(page).not.toContain(`class="claim"`);
    // An unsigned report.json is not itself hashed: the run still verifies.
    expect(page).toContain("chain intact: 19 records");
    expect(run.code).toBe(0);
  });

  it("a portfolio on GitHub: the audit fetches nothing and says so", async () => {
    const copy = mkdtempSync(join(tmpdir(), "vouch-audit-html-github-"));
    cpSync(out, copy, { recursive: true });
    const profilePath = join(copy, "profile.json");
    writeFileSync(
      profilePath,
      JSON.stringify({ basics: { name: "Dana" }, portfolio: { repos: ["github:dana/payments"] } }),
    );
    const reportPath = join(copy, "report.json");
    const report = JSON.parse(readFileSync(reportPath, "utf8")) as { inputs: Record<string, unknown> };
    report.inputs.profile = profilePath;
    writeFileSync(reportPath, JSON.stringify(report));
    await runCli(["audit", copy, "--html"]);
    expect(readFileSync(join(copy, "audit.html"), "utf8")).toContain(
      "Line evidence is not shown: the portfolio names github:dana/payments, which an audit does not fetch",
    );
  });

  it("a page that cannot be written: exit 2 naming the file", async () => {
    // A folder that is a file: no page can go under it.
    const target = join(out, "report.json", "view.html");
    const run = await runCli(["audit", out, "--html", target]);
    expect(run.code).toBe(2);
    expect(run.stderr.startsWith(`vouch: ${target}: cannot write`)).toBe(true);
  });

  it("--html with --json is a usage error", async () => {
    const run = await runCli(["audit", out, "--html", "--json"]);
    expect(run.code).toBe(2);
  });
});

describe("--json and --csv carry every record field", () => {
  it("--json: each row has the record's fields, equal to the log's", async () => {
    const run = await runCli(["audit", out, "--json"]);
    const rows = JSON.parse(run.stdout).records as Record<string, unknown>[];
    expect(rows).toHaveLength(records.length);
    rows.forEach((row, i) => {
      const { guard, rule, action, field, reason, seq, ...rest } = records[i]!;
      expect(row).toMatchObject({ guard, rule, action, field, reason, seq, ...rest });
    });
  });

  it("--csv: the summary's columns, then runId, ts, ranges, original, replacement, evidence and hashes", async () => {
    const run = await runCli(["audit", out, "--csv"]);
    const [header, first] = run.stdout.split("\r\n");
    expect(header).toBe(
      "seq,guard,rule,action,field,before,after,reason,runId,ts,range,outputRange,original,replacement,evidence,prevHash,hash",
    );
    const r = records[0]!;
    expect(first!.endsWith(`,${r.prevHash},${r.hash}`)).toBe(true);
    expect(first).toContain(`,${r.runId},${r.ts},`);
    expect(first).toContain(`"${JSON.stringify(r.evidence).replaceAll('"', '""')}"`);
  });
});
