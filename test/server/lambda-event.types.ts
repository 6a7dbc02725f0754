// Checked by `npm run typecheck`, not at run time: the recorded event is an API Gateway HTTP API v2 event
// as @types/aws-lambda describes it, a real event fits the adapter's input, and its result is a valid
// structured v2 result. A fixture or adapter that drifts from the service's shapes fails the type check.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { HttpApiEvent, HttpApiResult } from "../../server/lambda.js";
import recorded from "../fixtures/lambda/chat-event.json" with { type: "json" };

export const recordedEvent: APIGatewayProxyEventV2 = recorded;
export const adapterInput: HttpApiEvent = recordedEvent;
export const adapterResult = (result: HttpApiResult): APIGatewayProxyStructuredResultV2 => result;
