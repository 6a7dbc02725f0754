// The values `--writer`, `--kb`, `--verifier` and `--mode` accept, on the command line as in
// vouch.config.yaml and VOUCH_* variables: one list, so a value is refused the same way wherever it is set.
// Plain patterns, no schema library: the CLI checks flags with them before loading anything.

export interface Choice {
  /** Accepted values. */
  pattern: RegExp;
  /** The valid values, for a message: `expected local or bedrock:<knowledge base id>`. */
  expected: string;
}

export const WRITER_CHOICE: Choice = {
  pattern: /^(template|bedrock|openai|scripted:.+)$/,
  expected: "template, bedrock, openai or scripted:<file>",
};

export const KB_CHOICE: Choice = {
  pattern: /^(local|bedrock:[A-Za-z0-9]{1,64})$/,
  expected: "local or bedrock:<knowledge base id>",
};

export const VERIFIER_CHOICES = ["local", "bedrock", "openai", "off"] as const;
export const MODE_CHOICES = ["block", "warn"] as const;

/** Why a value is not one of a choice's, as one clause (`expected …`); undefined when it is fine. */
export function refusal(choice: Choice, value: string): string | undefined {
  if (choice.pattern.test(value)) return undefined;
  // `scripted` and `bedrock` without their part after the colon are the likely slips: say what is missing.
  const bare = /^(scripted|bedrock):?$/.exec(value)?.[1];
  if (bare === "scripted" && choice === WRITER_CHOICE)
    return "scripted needs the draft's file: scripted:<file>";
  if (bare === "bedrock" && choice === KB_CHOICE)
    return "a Bedrock knowledge base needs its id: bedrock:<knowledge base id>";
  return `expected ${choice.expected}`;
}
