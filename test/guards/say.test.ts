import { describe, expect, it } from "vitest";
import { formatMessage, reasonOf, sayDraft, sayMatches, sayText } from "../../guards/say.js";
import type { GuardMeta } from "../../guards/types.js";

const meta: GuardMeta = {
  id: "claim-net",
  description: "a stand-in guard's messages",
  messages: {
    unbacked: "{{names}}: named without backing.",
    "unbacked-many": "{{names}}: {{count}} named without backing.",
  },
};
const base = { guard: "claim-net" as const, actual: "Snowflake", evidence: [] };

describe("the chain writes reasons from the guard's messages", () => {
  it("fills placeholders, and leaves one the data lacks as written", () => {
    expect(formatMessage("{{a}} and {{ b }} and {{c}}", { a: "1", b: "$&2" })).toBe("1 and $&2 and {{c}}");
  });

  it("fills the rule's own message with the report's data", () => {
    const [finding] = sayText(meta, [
      { ...base, rule: "unbacked", action: "redact", field: "text", data: { names: "Snowflake" } },
    ]);
    expect(finding).toEqual({
      ...base,
      rule: "unbacked",
      action: "redact",
      field: "text",
      reason: "Snowflake: named without backing.",
    });
    expect(finding).not.toHaveProperty("data");
  });

  it("words a finding with its message id when it names one, keeping the rule", () => {
    const report = {
      ...base,
      rule: "unbacked",
      messageId: "unbacked-many",
      action: "remove" as const,
      field: "skills[0].keywords[0]",
      data: { names: "Snowflake and dbt", count: "two" },
    };
    const [finding] = sayText(meta, [report]);
    expect([finding?.rule, finding?.reason]).toEqual([
      "unbacked",
      "Snowflake and dbt: two named without backing.",
    ]);
  });

  it("refuses a message id the guard does not have: the guard's bug, said by name", () => {
    const report = { ...base, rule: "invented", action: "redact" as const, field: "text", data: {} };
    expect(() => reasonOf(meta, report)).toThrow(
      'claim-net reported "invented", which is not one of its messages',
    );
  });

  it("notes the reason on a changed match and leaves a dropped one null", () => {
    const match = { requirement: "Snowflake", status: "production-backed" as const, evidence: [] };
    const findings = sayMatches(meta, [
      {
        ...base,
        rule: "unbacked",
        action: "demote",
        index: 0,
        data: { names: "Snowflake" },
        replacement: match,
      },
      {
        ...base,
        rule: "unbacked",
        action: "mark-stale",
        index: 1,
        data: { names: "dbt" },
        replacement: null,
      },
    ]);
    expect(findings.map((f) => [f.reason, f.replacement])).toEqual([
      ["Snowflake: named without backing.", { ...match, note: "Snowflake: named without backing." }],
      ["dbt: named without backing.", null],
    ]);
  });

  it("says a draft finding's reason and keeps its edit", () => {
    const edit = { op: "remove" as const, field: "work[1]" };
    const [finding] = sayDraft(meta, [
      { ...base, rule: "unbacked", action: "remove", field: "work[1]", data: { names: "Acme" }, edit },
    ]);
    expect([finding?.reason, finding?.edit]).toEqual(["Acme: named without backing.", edit]);
  });
});
