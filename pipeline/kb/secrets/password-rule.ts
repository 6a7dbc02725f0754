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
// Words docs and examples put where a secret would go: no one's secret.
const PLACEHOLDER =
  /^(?:change[-_ ]?me|change[-_ ]?it|changeme\d*|replace[-_ ]?me|password\d*|passw0rd|secret|example|sample|dummy|placeholder|redacted|none|null|todo|tbd|(?:your|my)[-_ ].*|.*[-_]here|x+|\*+)$/i;
// Unquoted code on the right of a colon or an equals sign names where a value comes from or what shape it
// has (`password: z.string()`, `secret_key = settings.SECRET_KEY`, `password: Optional[str]`): short
// identifiers, dotted, called or indexed (a bare word is how a password is written: `password = hunter2`).
const CODE = /^[A-Za-z_$][\w$]{0,30}(?:(?:\.[A-Za-z_$][\w$]{0,30})+(?:\(.*|\[.*)?|\(.*|\[.*)$/;
const MIN_LENGTH = 6;

export function isSecretValue(value: string, quoted: boolean): boolean {
  const bare = value.replace(/[.,;)]+$/, "");
  if (bare.length < MIN_LENGTH || REFERENCE.test(bare) || PLACEHOLDER.test(bare)) return false;
  if (!quoted && CODE.test(value.replace(/[,;]+$/, ""))) return false;
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
