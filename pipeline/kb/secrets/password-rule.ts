// A secretlint rule for what the recommended preset leaves out: a credential written as an assignment
// (`password = hunter2`, `DB_PASSWORD: "s3cret!"`, `**API key:** abc123…`). Unquoted values need a digit
// or a symbol, so prose ("Secret: stability") stays; references to where a secret lives (`$DB_PASSWORD`,
// `${{ secrets.X }}`, `<your-token>`, `process.env.X`) are not secrets.
import type { SecretLintRuleCreator } from "@secretlint/types";

const KEY =
  "[A-Za-z0-9_.-]*?(?:password|passwd|pwd|passphrase|secret|api[_-]?key|access[_-]?token|auth[_-]?token|secret[_-]?key)";
const ASSIGNMENT = new RegExp(
  `(?<![A-Za-z0-9])${KEY}[*_"'\`]{0,3}\\s*(?:=>|:=|=|:)\\s*[*_]{0,2}\\s*(["'\`]?)([^\\s"'\`]+)\\1`,
  "gi",
);
const REFERENCE = /^(?:\$|<|\{|%|\[|process\.env|os\.environ|env\(|getenv|\*{3}|x{3}|\.{3}|…)/i;
const MIN_LENGTH = 6;

export function isSecretValue(value: string, quoted: boolean): boolean {
  const bare = value.replace(/[.,;)]+$/, "");
  if (bare.length < MIN_LENGTH || REFERENCE.test(bare)) return false;
  return quoted || /[^A-Za-z]/.test(bare);
}

const messages = {
  PasswordAssignment: { en: () => "found a credential assignment" },
};

export const passwordAssignmentRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: "vouch/password-assignment",
    recommended: true,
    type: "scanner",
    supportedContentTypes: ["text"],
  },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source) {
        for (const match of source.content.matchAll(ASSIGNMENT)) {
          const [whole, quote = "", value = ""] = match;
          if (!isSecretValue(value, quote !== "")) continue;
          const end = (match.index ?? 0) + whole.length;
          context.report({
            message: t("PasswordAssignment"),
            range: [end - value.length - quote.length, end],
          });
        }
      },
    };
  },
};
