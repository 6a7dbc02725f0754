// A RuleTester for guards, in ESLint's style: tables of valid and invalid cases (texts, matches, whole
// drafts) with exact expected findings and output. Strict: duplicate cases, unknown message ids, a mutated input, or records that do
// not revert exactly all fail the case.
import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../extractors/catalog.js";
import { revert } from "../../guards/apply.js";
import { applyDraftFindings } from "../../guards/apply-draft.js";
import { revertDraft } from "../../guards/revert.js";
import { sayDraft, sayMatches, sayText } from "../../guards/say.js";
import type { JsonResume } from "../../core/resume.js";
import { guardString } from "../../guards/run-string.js";
import type {
  DraftFinding,
  Guard,
  GuardContext,
  MatchFinding,
  TextFinding,
  TextTarget,
} from "../../guards/types.js";
import type { Match } from "../../core/match.js";

type ContextParts = Partial<Omit<GuardContext, "catalog">> & { catalog?: Catalog };

export interface TextCase {
  name: string;
  text: string;
  role?: TextTarget["role"];
  field?: string;
  original?: string;
  /** The profile's work entry the string belongs to (`work[0]`). */
  entry?: string;
  context?: ContextParts;
}

export interface ExpectedFinding {
  rule: string;
  actual: string;
  action: TextFinding["action"];
  /** The reason the chain writes from the guard's message, compared exactly when given. */
  reason?: string;
}

export interface InvalidTextCase extends TextCase {
  findings: ExpectedFinding[];
  /** The guarded string, or null when the guard removes the list item. */
  output: string | null;
}

export interface MatchCase {
  name: string;
  matches: Match[];
  context?: ContextParts;
}

export interface InvalidMatchCase extends MatchCase {
  findings: ExpectedFinding[];
  output: Match[];
}

let shipped: Catalog;
beforeAll(async () => {
  shipped = await defaultCatalog();
});

function contextOf(parts: ContextParts = {}): GuardContext {
  return {
    catalog: parts.catalog ?? shipped,
    facts: parts.facts ?? [],
    profile: parts.profile,
    truth: parts.truth,
    ...(parts.asOf ? { asOf: parts.asOf } : {}),
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function rejectDuplicates(cases: readonly { name: string }[]): void {
  const names = cases.map((c) => c.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`duplicate test case: ${duplicate}`);
}

/** Every report names one of the guard's messages, and fills each of its placeholders (ESLint's check). */
function checkMessages(
  guard: Guard,
  reports: readonly { rule: string; messageId?: string; data: Readonly<Record<string, string>> }[],
): void {
  for (const report of reports) {
    const id = report.messageId ?? report.rule;
    expect(Object.keys(guard.meta.messages), `unknown message id "${id}"`).toContain(id);
    for (const [, key] of guard.meta.messages[id]!.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
      expect(report.data, `message "${id}" has no data for {{${key}}}`).toHaveProperty([key!]);
    }
  }
}

/** What a case compares: rule, actual and action, and the reason where the case gives one. */
function summaries(
  findings: readonly { rule: string; actual: string; action: string; reason: string }[],
  expected: readonly { reason?: string }[],
) {
  return findings.map((f, i) => ({
    rule: f.rule,
    actual: f.actual,
    action: f.action,
    ...(expected[i]?.reason !== undefined ? { reason: f.reason } : {}),
  }));
}

/** Run a text guard's table: valid cases find nothing; invalid ones find exactly what they say. */
export function testTextGuard(guard: Guard, cases: { valid: TextCase[]; invalid: InvalidTextCase[] }): void {
  rejectDuplicates([...cases.valid, ...cases.invalid]);
  const targetOf = (c: TextCase): TextTarget =>
    deepFreeze({
      field: c.field ?? "text",
      text: c.text,
      role: c.role ?? "prose",
      ...(c.original !== undefined ? { original: c.original } : {}),
      ...(c.entry !== undefined ? { entry: c.entry } : {}),
    });

  describe(`${guard.meta.id}: valid`, () => {
    it.each(cases.valid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const context = contextOf(deepFreeze(c.context));
      expect(guard.checkText!(targetOf(c), context)).toEqual([]);
    });
  });

  describe(`${guard.meta.id}: invalid`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const context = contextOf(deepFreeze(c.context));
      const target = targetOf(c);
      const reports = guard.checkText!(target, context);
      checkMessages(guard, reports);
      const findings = sayText(guard.meta, reports);
      expect(summaries(findings, c.findings)).toEqual(c.findings);
      for (const f of findings) expect(f.guard).toBe(guard.meta.id);
      const result = guardString(target, [guard], context);
      expect(result.removed ? null : result.text).toBe(c.output);
      if (!result.removed) expect(revert(result.text, result.records)).toBe(c.text);
      else expect(result.records.at(-1)?.original).toBe(c.text);
      // Idempotent: the guard changes nothing in its own output (reports without an edit may remain).
      if (!result.removed) {
        const again = guard.checkText!({ ...target, text: result.text }, context);
        expect(again.filter((f) => f.edit || f.removeItem)).toEqual([]);
      }
    });
  });
}

/** Run a match guard's table: findings and the resulting matches, exactly. */
export function testMatchGuard(
  guard: Guard,
  cases: { valid: MatchCase[]; invalid: InvalidMatchCase[] },
): void {
  rejectDuplicates([...cases.valid, ...cases.invalid]);
  describe(`${guard.meta.id}: valid matches`, () => {
    it.each(cases.valid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      expect(guard.checkMatches!(deepFreeze(c.matches), contextOf(deepFreeze(c.context)))).toEqual([]);
    });
  });
  describe(`${guard.meta.id}: invalid matches`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const reports = guard.checkMatches!(deepFreeze(c.matches), contextOf(deepFreeze(c.context)));
      checkMessages(guard, reports);
      const findings: MatchFinding[] = sayMatches(guard.meta, reports);
      expect(summaries(findings, c.findings)).toEqual(c.findings);
      const output = c.matches.map((m, i) => {
        const finding = findings.find((f) => f.index === i);
        return finding ? finding.replacement : m;
      });
      expect(output.filter((m): m is Match => m !== null)).toEqual(c.output);
    });
  });
}

export interface DraftCase {
  name: string;
  draft: JsonResume;
  profile: JsonResume;
}

export interface ExpectedDraftFinding {
  rule: string;
  action: DraftFinding["action"];
  field: string;
  actual: string;
}

export interface InvalidDraftCase extends DraftCase {
  findings: ExpectedDraftFinding[];
  /** The draft once the findings' edits are made. */
  output: JsonResume;
}

/**
 * Run a draft guard's table: valid drafts find nothing; invalid ones find exactly these, in order, give
 * exactly `output`, revert to the draft byte for byte, and find nothing more in their own output.
 */
export function testDraftGuard(
  guard: Guard,
  cases: { valid: DraftCase[]; invalid: InvalidDraftCase[] },
): void {
  rejectDuplicates([...cases.valid, ...cases.invalid]);
  describe(`${guard.meta.id}: valid drafts`, () => {
    it.each(cases.valid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const context = contextOf(deepFreeze({ profile: c.profile }));
      expect(guard.checkDraft!(deepFreeze(c.draft), context)).toEqual([]);
    });
  });
  describe(`${guard.meta.id}: invalid drafts`, () => {
    it.each(cases.invalid.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      const context = contextOf(deepFreeze({ profile: c.profile }));
      const reports = guard.checkDraft!(deepFreeze(c.draft), context);
      checkMessages(guard, reports);
      const findings = sayDraft(guard.meta, reports);
      expect(
        findings.map((f) => ({ rule: f.rule, action: f.action, field: f.field, actual: f.actual })),
      ).toEqual(c.findings);
      for (const f of findings) expect(f.guard).toBe(guard.meta.id);
      const applied = applyDraftFindings(c.draft, findings);
      expect(applied.draft).toEqual(c.output);
      expect(JSON.stringify(revertDraft(applied.draft, applied.records))).toBe(JSON.stringify(c.draft));
      expect(guard.checkDraft!(applied.draft, context)).toEqual([]);
    });
  });
}

/** A text guard's findings as the chain says them: with reasons written from the guard's messages. */
export function textFindings(guard: Guard, target: TextTarget, context: GuardContext): TextFinding[] {
  return sayText(guard.meta, guard.checkText!(target, context));
}

/** A draft guard's findings as the chain says them. */
export function draftFindings(guard: Guard, draft: JsonResume, context: GuardContext): DraftFinding[] {
  return sayDraft(guard.meta, guard.checkDraft!(draft, context));
}
