import { describe, expect, it } from "vitest";
import { blankLines, describeSecret, findSecrets, withoutSecretLines } from "../../../pipeline/kb/secrets.js";
import { isSecretValue } from "../../../pipeline/kb/secrets/password-rule.js";
import { FAKE } from "./fake-secrets.js";

describe("findSecrets", () => {
  it.each([
    [`token: ${FAKE.github}`, "@secretlint/secretlint-rule-github"],
    [`Slack bot: ${FAKE.slack}`, "@secretlint/secretlint-rule-slack"],
    [`AWS_ACCESS_KEY_ID=${FAKE.awsId}`, "@secretlint/secretlint-rule-aws"],
    [`aws_secret_access_key = ${FAKE.awsSecret.slice(0, 40)}`, "@secretlint/secretlint-rule-aws"],
    [
      "db: postgres://admin:" + "s3cretPass@db.example.com:5432/app",
      "@secretlint/secretlint-rule-database-connection-string",
    ],
    ["see https://deploy:" + "hunter22@ci.example.com/hook", "@secretlint/secretlint-rule-basicauth"],
    [`password = ${FAKE.password}`, "vouch/password-assignment"],
    [`DB_PASSWORD: "${FAKE.password}"`, "vouch/password-assignment"],
    [`- **Password:** ${FAKE.password}`, "vouch/password-assignment"],
    [`client_secret => 'abcdefgh'`, "vouch/password-assignment"],
    [`api-key := ${FAKE.password}`, "vouch/password-assignment"],
    ['DB_PASSWORD: "S3cure-Pa55!"', "vouch/password-assignment"],
    ["JWT_SECRET=9f8e7d6c5b4a3f2e1d0c", "vouch/password-assignment"],
  ])("finds the secret in %j (%s)", async (line, rule) => {
    const findings = await findSecrets(`# Notes\n\n${line}\n`, "docs/notes.md");
    expect(findings.map((f) => f.rule)).toContain(rule);
    expect(findings.every((f) => f.file === "docs/notes.md" && f.line === 3)).toBe(true);
  });

  it.each([
    "From now on the team shipped weekly.",
    "Password: required for the admin console.",
    "Secret: stability, not speed.",
    "The password reset flow sends a one-time link.",
    "password = $DB_PASSWORD",
    "password: ${{ secrets.DB_PASSWORD }}",
    "api_key: <your-api-key>",
    "secret = process.env.SECRET",
    "PASSWORD=***",
    "pwd: 123",
    "Tokens rotate every 90 days; the API key lives in AWS Secrets Manager.",
    // An empty assignment, a schema or a type, code that reads the value, and placeholders.
    "JWT_SECRET=",
    "password: z.string().min(12),",
    "password: Optional[str] = None",
    "secret_key = settings.SECRET_KEY",
    "password = getpass.getpass()",
    'password = "changeme"',
    "DB_PASSWORD=change-me",
    "GITHUB_TOKEN=your_github_token_here",
    'api_key: "your-api-key"',
    'client_secret: "REPLACE_ME"',
    'password: "password123"',
  ])("finds nothing in %j", async (line) => {
    expect(await findSecrets(`${line}\n`, "docs/notes.md")).toEqual([]);
  });

  it("reports every line of a multi-line secret and each line once per rule", async () => {
    const key = [
      "-----BEGIN RSA PRIVATE KEY-----",
      "MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu",
      "KUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQ==",
      "-----END RSA PRIVATE KEY-----",
    ].join("\n");
    const findings = await findSecrets(
      `Deploy key:\n${key}\npassword=${FAKE.password} password=${FAKE.password}\n`,
      "k.md",
    );
    expect(findings).toEqual([
      { file: "k.md", line: 2, rule: "@secretlint/secretlint-rule-privatekey" },
      { file: "k.md", line: 3, rule: "@secretlint/secretlint-rule-privatekey" },
      { file: "k.md", line: 4, rule: "@secretlint/secretlint-rule-privatekey" },
      { file: "k.md", line: 5, rule: "@secretlint/secretlint-rule-privatekey" },
      { file: "k.md", line: 6, rule: "vouch/password-assignment" },
    ]);
  });

  it("reads a long file in windows: a key across a window's edge and a secret on every line are found once each", async () => {
    const key = [
      "-----BEGIN RSA PRIVATE KEY-----",
      "MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf9Cnzj4p4WGeKLs1Pt8Qu",
      "KUpRKfFLfRYC9AIKjbJTWit+CqvjWYzvQwECAwEAAQ==",
      "-----END RSA PRIVATE KEY-----",
    ];
    // Lines 399–402 straddle the first window's last line (400); 2,000 password lines follow.
    const filler = Array.from({ length: 398 }, (_, i) => `Line ${i + 1} of notes.`);
    const passwords = Array.from({ length: 2_000 }, () => `password=${FAKE.password}`);
    const findings = await findSecrets([...filler, ...key, ...passwords].join("\n"), "long.md");
    const keyLines = findings
      .filter((f) => f.rule === "@secretlint/secretlint-rule-privatekey")
      .map((f) => f.line);
    expect(keyLines).toEqual([399, 400, 401, 402]);
    const passwordLines = findings.filter((f) => f.rule === "vouch/password-assignment").map((f) => f.line);
    expect(passwordLines).toEqual(Array.from({ length: 2_000 }, (_, i) => 403 + i));
  });

  it("finds nothing in an empty text", async () => {
    expect(await findSecrets("  \n", "empty.md")).toEqual([]);
  });
});

describe("withoutSecretLines", () => {
  it("blanks the secret lines and keeps every other line where it was", async () => {
    const text = `# Ops\n\nWe deploy to EKS.\ntoken: ${FAKE.github}\nThe on-call rotation is weekly.\r\npassword=${FAKE.password}\r\nEnd.`;
    const { text: clean, findings } = await withoutSecretLines(text, "docs/ops.md");
    expect(clean).toBe("# Ops\n\nWe deploy to EKS.\n\nThe on-call rotation is weekly.\r\n\r\nEnd.");
    expect(findings.map((f) => f.line)).toEqual([4, 6]);
  });

  it("returns the same text when nothing is found", async () => {
    const text = "We deploy to EKS.\n";
    expect((await withoutSecretLines(text, "a.md")).text).toBe(text);
    expect(blankLines(text, new Set())).toBe(text);
  });
});

describe("describeSecret", () => {
  it("names the file, the line and the kind, never the value", () => {
    expect(describeSecret({ file: "docs/ops.md", line: 4, rule: "@secretlint/secretlint-rule-github" })).toBe(
      "docs/ops.md:4: holds a secret (github); the line is left out of the knowledge base.",
    );
    expect(describeSecret({ file: "docs/ops.md", line: 6, rule: "vouch/password-assignment" })).toBe(
      "docs/ops.md:6: holds a secret (password-assignment); the line is left out of the knowledge base.",
    );
  });
});

describe("isSecretValue", () => {
  it.each([
    ["hunter2", false, true],
    ["abcdefgh", true, true],
    ["abcdefgh", false, false],
    ["abc12", false, false],
    ["$SECRET", false, false],
    ["<token>", true, false],
    ["xxxxxxxx", true, false],
    ["hunter2.", false, true],
    ["z.string()", false, false],
    ["z.string()", true, true],
    ["changeme", true, false],
    ["S3cure-Pa55!", false, true],
    ["eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc", false, true],
  ])("%j (quoted %s) is a secret: %s", (value, quoted, secret) => {
    expect(isSecretValue(value, quoted)).toBe(secret);
  });
});
