// Answers composed from the truth: the question's intent (intent.ts) picks a composer, which quotes the
// truth's and the profile's facts (facts.ts) line by line. The chat judges a composed answer with the same
// guards and verifier as any other; a question no composer answers is left to retrieval.
import type { Catalog } from "../../extractors/catalog.js";
import type { Chunk } from "../../core/chunk.js";
import type { JsonResume } from "../../core/resume.js";
import type { ExtractResult } from "../../core/truth.js";
import { type Intent, type IntentData, defaultIntents, understand } from "./intent.js";
import { truthFacts } from "./facts.js";
import type { ComposeContext, Composed } from "./compose/lines.js";
import { composeFit } from "./compose/fit.js";
import {
  composeContact,
  composeEmployer,
  composeOverview,
  composeProject,
  composeYears,
} from "./compose/record.js";
import { composeTechnology } from "./compose/technology.js";

export type { Intent } from "./intent.js";
export type { Composed } from "./compose/lines.js";

export interface TruthAnswerOptions {
  catalog: Catalog;
  profile: JsonResume;
  profilePath: string;
  truth?: ExtractResult;
  intents?: IntentData;
  /** What the contact answer says it keeps back ("Phone and email are private in this chat."). */
  withheld?: string;
}

export class TruthAnswers {
  private readonly intents: IntentData;
  private readonly repos: string[];

  constructor(private readonly options: TruthAnswerOptions) {
    this.intents = options.intents ?? defaultIntents();
    this.repos = (options.truth?.repos ?? []).map((r) => r.name);
  }

  /** What the question asks; `previous` is the session's last question, for a follow-up. */
  understand(question: string, previous?: string): Intent {
    const { catalog, profile } = this.options;
    return understand(question, { catalog, profile, repos: this.repos, intents: this.intents }, previous);
  }

  /** The truth's and the profile's facts as chunks, for the day `asOf`. */
  facts(asOf: string): Chunk[] {
    return truthFacts(this.options, asOf);
  }

  /** The answer the facts give, or undefined when retrieval must answer. */
  compose(intent: Intent, question: string, chunks: readonly Chunk[], asOf: string): Composed | undefined {
    const ctx: ComposeContext = { ...this.options, question, intents: this.intents, chunks, asOf };
    switch (intent.kind) {
      case "technology":
        return composeTechnology(intent, ctx);
      case "employer":
        return composeEmployer(intent, ctx);
      case "years":
        return composeYears(intent, ctx);
      case "fit":
        return composeFit(intent, ctx);
      case "overview":
        return composeOverview(intent, ctx);
      case "project":
        return composeProject(intent, ctx);
      case "contact":
        return composeContact(ctx);
      case "retrieval":
        return undefined;
    }
  }
}
