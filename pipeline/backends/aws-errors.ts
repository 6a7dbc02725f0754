// Turns what the AWS SDK throws (after its own retries) into one ServiceError sentence naming the target
// and the error type, so Bedrock failures read the same for the model backends and the knowledge base.
import { ServiceError } from "../../core/errors.js";

/** Error types meaning "who you are or what you may do", not "try again later". */
const ACCESS_ERRORS = new Set([
  "AccessDeniedException",
  "UnrecognizedClientException",
  "InvalidSignatureException",
  "ExpiredTokenException",
  "IncompleteSignatureException",
  "MissingAuthenticationTokenException",
  "InvalidClientTokenId",
  "UnauthorizedException",
]);

/** Errors of the SDK's credential and token providers: nothing was sent, the chain found nothing usable. */
const PROVIDER_ERRORS = new Set(["CredentialsProviderError", "TokenProviderError"]);

interface SdkErrorShape {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number; attempts?: number };
}

/**
 * @param subject what was called, e.g. `Bedrock model us.anthropic.claude-haiku-4-5-20251001-v1:0`
 * @param timeoutMs the client's request timeout, to say how long a timed-out call waited
 */
export function awsServiceError(subject: string, error: unknown, timeoutMs?: number): ServiceError {
  if (error instanceof ServiceError) return error;
  const e = (
    typeof error === "object" && error !== null ? error : { message: String(error) }
  ) as SdkErrorShape;
  const type = e.name && e.name !== "Error" ? e.name : (e.code ?? "Error");
  const status = e.$metadata?.httpStatusCode;
  const attempts = e.$metadata?.attempts;
  const detail = clip(e.message ?? "");
  const after = attempts && attempts > 1 ? ` after ${attempts} attempts` : "";

  if (PROVIDER_ERRORS.has(type))
    return new ServiceError(
      `${subject} was not called: the AWS SDK could not load credentials (${type}: ${detail}).`,
    );
  if (ACCESS_ERRORS.has(type) || status === 401 || status === 403)
    return new ServiceError(
      `${subject} refused the request: AWS rejected the credentials or denied access (${type}${detail ? `: ${detail}` : ""}).`,
    );
  if (type === "TimeoutError" || /timed out/i.test(detail)) {
    const waited = timeoutMs ? ` within ${formatSeconds(timeoutMs)}` : "";
    return new ServiceError(`${subject} did not answer${waited}${after} (TimeoutError).`);
  }
  const http = status ? `, HTTP ${status}` : "";
  return new ServiceError(`${subject} failed${after} (${type}${http}${detail ? `: ${detail}` : ""}).`);
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim().replace(/\.$/, "");
  return oneLine.length > 200 ? `${oneLine.slice(0, 197)}...` : oneLine;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}
