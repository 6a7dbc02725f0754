import { beforeAll, describe, expect, it } from "vitest";
import type { RedactionRecord } from "../../../guards/redaction-record.js";
import { blockText, resumeBlocks } from "../../../pipeline/render/blocks.js";
import { renderDocx } from "../../../pipeline/render/docx.js";
import { loadLayout } from "../../../pipeline/render/layout.js";
import {
  type Anchor,
  DEFAULT_BLOCK_OPTIONS,
  anchorRecords,
  commentText,
} from "../../../pipeline/render/review.js";
import { type DocComment, commentedText, comments, docxParts, sampleResume } from "./docx-reader.js";
import { type GuardedSample, guardedSample } from "./guarded-sample.js";

const sample: GuardedSample = guardedSample();
const texts = new Map(resumeBlocks(sample.resume, DEFAULT_BLOCK_OPTIONS).map((b) => [b.key, blockText(b)]));

/** Each anchor as the text it wraps and the start of its comment. */
function wrapped(key: string): [string, string][] {
  const text = texts.get(key) ?? "";
  return (anchors.get(key) ?? []).map((a: Anchor) => [
    text.slice(a.start, a.end),
    a.comment.split(":")[0] ?? "",
  ]);
}
const anchors = anchorRecords(sample.resume, sample.records);

describe("the guarded sample", () => {
  it("has the edits the review must show", () => {
    expect(sample.resume.work?.[0]?.highlights?.[0]).toBe(
      "Ran Amazon EKS for [NUM_REDACTED] services and cut deploy time by [NUM_REDACTED].",
    );
    expect(sample.resume.work?.[0]?.highlights?.[2]).toBe(sample.profile.work?.[0]?.highlights?.[2]);
    expect(sample.resume.skills?.[2]?.keywords).toEqual([
      "PostgreSQL",
      "Redis [NUM_REDACTED]",
      "Kafka",
      "Amazon SQS",
    ]);
    expect(sample.records.map((r) => `${r.seq} ${r.field} ${r.action}`)).toEqual([
      "1 matches[2] demote",
      "2 matches[4] mark-stale",
      "3 work[0].highlights[0] redact",
      "4 work[0].highlights[0] redact",
      "5 work[0].highlights[0] mark-stale",
      "6 work[0].highlights[2] redact",
      "7 work[0].highlights[2] redact",
      "8 work[0].highlights[2] fallback",
      "9 skills[2].keywords[2] redact",
      "10 skills[2].keywords[1] remove",
    ]);
  });
});

describe("anchorRecords", () => {
  it("wraps each replacement in its final place, through later edits of the same string", () => {
    expect(wrapped("work[0].highlights[0]")).toEqual([
      ["Amazon EKS", "code-truth/stale-claim"],
      ["[NUM_REDACTED]", "number-provenance/ungrounded-number"],
      ["[NUM_REDACTED]", "number-provenance/ungrounded-number"],
    ]);
    const seqs = anchors.get("work[0].highlights[0]")?.map((a) => a.seqs);
    expect(seqs).toEqual([[5], [3], [4]]);
  });

  it("anchors on the whole string when a fallback replaced it", () => {
    const whole = texts.get("work[0].highlights[2]");
    expect(wrapped("work[0].highlights[2]")).toEqual([
      [whole, "number-provenance/ungrounded-number"],
      [whole, "number-provenance/ungrounded-number"],
      [whole, "claim-net/unbacked-technology"],
    ]);
  });

  it("anchors a removed skill keyword on its skills line, and renumbers the keyword after it", () => {
    expect(texts.get("skills[2]")).toBe("Data: PostgreSQL, Redis [NUM_REDACTED], Kafka, Amazon SQS");
    expect(wrapped("skills[2]")).toEqual([
      ["Data: PostgreSQL, Redis [NUM_REDACTED], Kafka, Amazon SQS", "claim-net/unbacked-technology"],
      ["[NUM_REDACTED]", "number-provenance/ungrounded-number"],
    ]);
  });

  it("lists the records on matches in one comment on the Skills heading", () => {
    const [anchor, ...rest] = anchors.get("heading:skills") ?? [];
    expect(rest).toEqual([]);
    expect(anchor?.seqs).toEqual([1, 2]);
    expect(anchor?.comment.split("\n").slice(1)).toEqual([
      'matches[2]: vendor-provenance/example-only: demote "OpenAI (production-backed)" → "OpenAI (example-only)". OpenAI appears only in examples/.',
      'matches[4]: code-truth/stale-claim: mark-stale "Kubernetes (profile-stated)" → "Kubernetes (stale)". The README says self-hosted Kubernetes; Terraform says aws_eks_cluster.',
    ]);
  });

  it("places every record exactly once", () => {
    const seqs = [...anchors.values()].flat().flatMap((a) => a.seqs);
    expect(seqs.sort((a, b) => a - b)).toEqual(sample.records.map((r) => r.seq));
  });

  it("anchors a removed highlight on its entry's line and an emptied summary on the name", () => {
    const resume = sampleResume();
    const base = { runId: "t", ts: "t", evidence: [], prevHash: "", hash: "", reason: "Unbacked." };
    const records: RedactionRecord[] = [
      {
        ...base,
        seq: 1,
        guard: "claim-net",
        rule: "u",
        action: "remove",
        field: "work[1].highlights[3]",
        original: "Built it on Snowflake.",
        replacement: "",
      },
      {
        ...base,
        seq: 2,
        guard: "claim-net",
        rule: "u",
        action: "remove",
        field: "basics.summary",
        range: [0, 20],
        outputRange: [0, 0],
        original: "x".repeat(20),
        replacement: "",
      },
    ];
    const { summary: _summary, ...basics } = resume.basics ?? {};
    const map = anchorRecords({ ...resume, basics }, records);
    expect([...map.keys()]).toEqual(["work[1]", "basics.name"]);
    expect(map.get("work[1]")?.[0]).toMatchObject({ start: 0, end: "Software Engineer — Quillmark".length });
  });

  it("words a comment as guard/rule, action, before → after, and the reason", () => {
    const record = sample.records[2] as RedactionRecord;
    expect(commentText(record)).toBe(
      'number-provenance/ungrounded-number: redact "30" → "[NUM_REDACTED]". 30 is not grounded.',
    );
  });
});

describe("renderDocx with review", () => {
  let parts: Record<string, string>;
  let list: DocComment[];
  beforeAll(async () => {
    parts = docxParts(
      await renderDocx(sample.resume, loadLayout("classic"), { review: { records: sample.records } }),
    );
    list = comments(parts["word/comments.xml"]);
  });

  it("writes one comment per record (one for all the match records), by vouch", () => {
    expect(list).toHaveLength(sample.records.length - 1);
    expect(list.every((c) => c.author === "vouch" && c.initials === "V")).toBe(true);
    expect(list.map((c) => c.id)).toEqual(list.map((_c, i) => i));
  });

  it("anchors each comment around the text it is about", () => {
    const document = parts["word/document.xml"] ?? "";
    const around = list.map((c) => [commentedText(document, c.id), c.text.split(":")[0]]);
    expect(around).toContainEqual(["Amazon EKS", "code-truth/stale-claim"]);
    expect(around.filter(([text]) => text === "[NUM_REDACTED]")).toHaveLength(3);
    expect(around).toContainEqual([
      "Data: PostgreSQL, Redis [NUM_REDACTED], Kafka, Amazon SQS",
      "claim-net/unbacked-technology",
    ]);
    expect(around).toContainEqual([
      "Skills",
      "Changed before writing (the job's requirements matched to evidence)",
    ]);
    const redaction = list.find((c) =>
      c.text.startsWith('number-provenance/ungrounded-number: redact "45%"'),
    );
    expect(redaction?.text).toBe(
      'number-provenance/ungrounded-number: redact "45%" → "[NUM_REDACTED]". 45% is not grounded.',
    );
    expect(document.match(/<w:commentReference /g)).toHaveLength(list.length);
  });

  it("leaves the text itself as in the plain DOCX", async () => {
    const plain = docxParts(await renderDocx(sample.resume, loadLayout("classic")));
    const strip = (xml: string) =>
      xml.replace(/<w:commentRange(Start|End) [^>]*\/>|<w:r><w:commentReference [^>]*\/><\/w:r>/g, "");
    const text = (xml: string) =>
      [...strip(xml).matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join("");
    expect(text(parts["word/document.xml"] ?? "")).toBe(text(plain["word/document.xml"] ?? ""));
    expect(plain["word/comments.xml"] ?? "").not.toContain("<w:comment ");
  });
});
