// Secrets never enter the knowledge base: every document is scanned with secretlint's recommended rules
// (AWS, GCP, GitHub, Slack, npm, private keys, basic auth and connection strings, …; AWS access key ids
// too) plus a credential-assignment rule, and each line that holds one is blanked before chunking (line
// numbers stay as they were). What a caller is told names the file, the line and the kind of secret,
// never its value. The chatbot runs the same scan over what it retrieves.
import type { SecretLintCoreConfig } from "@secretlint/types";
import { lazy } from "../../core/lazy.js";
import { passwordAssignmentRule } from "./secrets/password-rule.js";

export interface SecretFinding {
  /** The file (or built document) the secret is in. */
  file: string;
  /** 1-based line. */
  line: number;
  /** What kind of secret: the secretlint rule that found it (`@secretlint/secretlint-rule-github`). */
  rule: string;
}

const scanner = lazy(async () => {
  const [{ lintSource }, { creator: recommended }] = await Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
  ]);
  const config: SecretLintCoreConfig = {
    rules: [
      {
        id: "@secretlint/secretlint-rule-preset-recommend",
        rule: recommended,
        rules: [{ id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } }],
      },
      { id: "vouch/password-assignment", rule: passwordAssignmentRule },
    ],
  };
  return { lintSource, config };
});

/**
 * Lines scanned at once, and how far consecutive windows overlap: secretlint drops duplicate messages by
 * comparing each with every later one, time quadratic in a file's secrets (38,000 `password = …` lines took
 * minutes). A secret of up to OVERLAP lines (a 4096-bit PEM key is 51) lies whole in some window.
 */
const WINDOW_LINES = 400;
const OVERLAP_LINES = 100;

/** The lines of `text` that hold a secret, one finding per line and rule, in line order. */
export async function findSecrets(text: string, file: string): Promise<SecretFinding[]> {
  if (!text.trim()) return [];
  const { lintSource, config } = await scanner();
  const lines = text.split("\n");
  const seen = new Set<string>();
  const findings: SecretFinding[] = [];
  for (let first = 0; first < lines.length; first += WINDOW_LINES - OVERLAP_LINES) {
    const content = lines.length <= WINDOW_LINES ? text : lines.slice(first, first + WINDOW_LINES).join("\n");
    const result = await lintSource({
      source: { filePath: file, content, contentType: "text" },
      // Masked: the value is in no message, not even one that stays in memory.
      options: { config, maskSecrets: true, noPhysicFilePath: true },
    });
    for (const message of result.messages) {
      for (let line = first + message.loc.start.line; line <= first + message.loc.end.line; line++) {
        const key = `${line}\0${message.ruleId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        findings.push({ file, line, rule: message.ruleId });
      }
    }
    if (first + WINDOW_LINES >= lines.length) break;
  }
  return findings.sort((a, b) => a.line - b.line || a.rule.localeCompare(b.rule));
}

/** The text with the given 1-based lines emptied (their line breaks kept). */
export function blankLines(text: string, lines: ReadonlySet<number>): string {
  if (lines.size === 0) return text;
  return text
    .split("\n")
    .map((line, i) => (lines.has(i + 1) ? (line.endsWith("\r") ? "\r" : "") : line))
    .join("\n");
}

/** The text without its secret lines, and where they were. */
export async function withoutSecretLines(
  text: string,
  file: string,
): Promise<{ text: string; findings: SecretFinding[] }> {
  const findings = await findSecrets(text, file);
  return { text: blankLines(text, new Set(findings.map((f) => f.line))), findings };
}

/** The warning for a finding: file, line and kind, never the value. */
export function describeSecret(finding: SecretFinding): string {
  const kind = finding.rule.replace(/^@secretlint\/secretlint-rule-|^vouch\//, "");
  return `${finding.file}:${finding.line}: holds a secret (${kind}); the line is left out of the knowledge base.`;
}
