// The Bedrock model backend through the real SDK client: one Converse call per request, or ConverseStream
// for a long generation (`stream: true`, the writer), which is judged by the silence between its events.
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ContentBlock,
  type ConverseCommandInput,
  type ConverseCommandOutput,
} from "@aws-sdk/client-bedrock-runtime";
import type { DocumentType } from "@smithy/types";
import { awsClientConfig, DEFAULT_AWS_TIMEOUT_MS, type AwsClientOptions } from "./aws.js";
import { awsServiceError } from "./aws-errors.js";
import { converseStream } from "./bedrock-stream.js";
import { preview } from "./preview.js";
import type { ModelBackend, ModelRequest, ModelResponse, ToolSpec } from "./types.js";

export interface BedrockBackendOptions extends AwsClientOptions {
  /** A model id or inference profile id, e.g. `us.anthropic.claude-haiku-4-5-20251001-v1:0`. */
  model: string;
}

/** Throws InputError at once when the region or credentials are missing: nothing is sent before that. */
export function createBedrockBackend(options: BedrockBackendOptions): ModelBackend {
  const config = awsClientConfig("bedrock-runtime", options);
  const client = new BedrockRuntimeClient(config);
  // Streams get their own client that retries nothing: converseStream retries only what failed before any
  // output, never a timeout (a timed-out generation may still be running, and billed).
  let streamClient: BedrockRuntimeClient | undefined;
  const model = options.model;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_AWS_TIMEOUT_MS;
  return {
    name: "bedrock",
    model,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      if (request.stream) {
        streamClient ??= new BedrockRuntimeClient(
          awsClientConfig("bedrock-runtime", { ...options, maxAttempts: 1 }),
        );
        return converseStream(streamClient, converseInput(model, request), {
          model,
          idleTimeoutMs: timeoutMs,
          maxAttempts: config.maxAttempts,
          retryDelayMs: options.retryDelayMs,
        });
      }
      let output: ConverseCommandOutput;
      try {
        output = await client.send(new ConverseCommand(converseInput(model, request)));
      } catch (error) {
        throw awsServiceError(`Bedrock model ${model}`, error, timeoutMs);
      }
      return mapConverseOutput(model, output);
    },
  };
}

/** The Converse request. Never `additionalModelRequestFields`: extended thinking cannot go with a forced tool. */
export function converseInput(model: string, request: ModelRequest): ConverseCommandInput {
  const inferenceConfig = {
    ...(request.maxTokens !== undefined ? { maxTokens: request.maxTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
  };
  return {
    modelId: model,
    // Bedrock rejects empty text blocks, so an empty system prompt is left out.
    ...(request.system.trim() !== "" ? { system: [{ text: request.system }] } : {}),
    messages: [{ role: "user", content: [{ text: request.prompt }] }],
    ...(Object.keys(inferenceConfig).length > 0 ? { inferenceConfig } : {}),
    ...(request.tool ? { toolConfig: forcedTool(request.tool) } : {}),
  };
}

function forcedTool(tool: ToolSpec): NonNullable<ConverseCommandInput["toolConfig"]> {
  return {
    tools: [
      {
        toolSpec: {
          name: tool.name,
          description: tool.description,
          inputSchema: { json: tool.inputSchema as DocumentType },
        },
      },
    ],
    toolChoice: { tool: { name: tool.name } },
  };
}

export function mapConverseOutput(model: string, output: ConverseCommandOutput): ModelResponse {
  const blocks: ContentBlock[] = output.output?.message?.content ?? [];
  const text = blocks
    .map((b) => b.text)
    .filter((t): t is string => typeof t === "string")
    .join("\n");
  const toolUse = blocks.find((b) => b.toolUse !== undefined)?.toolUse;
  return {
    model,
    text,
    ...(toolUse ? { toolCall: { name: toolUse.name ?? "", input: toolUse.input } } : {}),
    ...(output.stopReason ? { stopReason: output.stopReason } : {}),
    usage: {
      inputTokens: output.usage?.inputTokens ?? 0,
      outputTokens: output.usage?.outputTokens ?? 0,
      attempts: output.$metadata?.attempts ?? 1,
    },
    preview: preview({ output: output.output ?? null, stopReason: output.stopReason }),
  };
}
