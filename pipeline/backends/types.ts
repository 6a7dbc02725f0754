// What the writer and the verifier need from a language model, whichever service answers.

/** A tool the model must call: given in a request, the backend forces it (no free-text answer). */
export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool's input. */
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  /** What the call is for, in the run report: `verifier`, `writer`. */
  purpose: string;
  system: string;
  /** The user turn. */
  prompt: string;
  /** When present the model is forced to call this tool; extended thinking is never enabled with it. */
  tool?: ToolSpec;
  maxTokens?: number;
  temperature?: number;
  /**
   * A long generation (the writer): streamed where the service can, so a slow answer is judged by the
   * silence between its parts, not its total time, and never sent twice once output has started.
   */
  stream?: boolean;
}

export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  /** Requests sent for the call, retries included, where the backend knows (Bedrock). */
  attempts?: number;
}

export interface ModelResponse {
  model: string;
  /** Text blocks of the answer, joined; empty when the model only called a tool. */
  text: string;
  /** The forced tool's call, when the model made it (input as the model sent it, unvalidated). */
  toolCall?: { name: string; input: unknown };
  stopReason?: string;
  usage: ModelUsage;
  /** The first 200 characters of what came back, for logs when the answer is unusable. */
  preview: string;
}

export interface ModelBackend {
  readonly name: "bedrock" | "openai";
  readonly model: string;
  complete(request: ModelRequest): Promise<ModelResponse>;
}

export interface UsageEntry extends ModelUsage {
  backend: string;
  model: string;
  purpose: string;
}

/** Token usage of every model call in a run, for report.json. */
export class UsageLedger {
  readonly calls: UsageEntry[] = [];

  add(entry: UsageEntry): void {
    this.calls.push(entry);
  }

  totals(): ModelUsage & { calls: number } {
    return this.calls.reduce(
      (t, c) => ({
        calls: t.calls + 1,
        inputTokens: t.inputTokens + c.inputTokens,
        outputTokens: t.outputTokens + c.outputTokens,
      }),
      { calls: 0, inputTokens: 0, outputTokens: 0 },
    );
  }
}
