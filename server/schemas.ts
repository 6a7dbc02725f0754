// Request bodies of the API as JSON Schema (fastify validates them with Ajv before a handler runs), and
// validation errors as one sentence naming the field, for the 400 response.
import type { FastifySchemaValidationError } from "fastify";

export const MAX_QUESTION_CHARS = 2000;
export const BODY_LIMIT_BYTES = 16 * 1024;

const NOT_BLANK = "\\S";

export const chatBody = {
  type: "object",
  additionalProperties: false,
  required: ["question"],
  properties: {
    question: { type: "string", minLength: 1, maxLength: MAX_QUESTION_CHARS, pattern: NOT_BLANK },
    mode: { type: "string", enum: ["block", "warn"] },
    sessionId: { type: "string", minLength: 1, maxLength: 128, pattern: "^[A-Za-z0-9._:-]+$" },
  },
} as const;

export const feedbackBody = {
  type: "object",
  additionalProperties: false,
  required: ["requestId", "reason"],
  properties: {
    requestId: { type: "string", minLength: 1, maxLength: 128 },
    reason: { type: "string", minLength: 1, maxLength: 1000, pattern: NOT_BLANK },
  },
} as const;

export interface ChatBody {
  question: string;
  mode?: "block" | "warn";
  sessionId?: string;
}

export interface FeedbackBody {
  requestId: string;
  reason: string;
}

const PATTERN_HINTS: Record<string, string> = {
  [NOT_BLANK]: "must not be blank",
  "^[A-Za-z0-9._:-]+$": "may hold only letters, digits and . _ : -",
};

/** The first validation error as a sentence: `question must be at most 2000 characters.` */
export function describeValidation(errors: readonly FastifySchemaValidationError[], dataVar: string): string {
  const error = errors[0];
  if (!error) return `the ${dataVar} is not valid.`;
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const field = path || dataVar;
  switch (error.keyword) {
    case "required":
      return `${String(params.missingProperty)} is required.`;
    case "additionalProperties":
      return `${String(params.additionalProperty)} is not a field of this request.`;
    case "type":
      return `${field} must be ${article(String(params.type))}.`;
    case "minLength":
      return params.limit === 1
        ? `${field} must not be empty.`
        : `${field} must be at least ${String(params.limit)} characters.`;
    case "maxLength":
      return `${field} must be at most ${String(params.limit)} characters.`;
    case "enum":
      return `${field} must be one of ${(params.allowedValues as unknown[]).join(", ")}.`;
    case "pattern":
      return `${field} ${PATTERN_HINTS[String(params.pattern)] ?? "has an invalid format"}.`;
    default:
      return `${field} ${error.message ?? "is not valid"}.`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
