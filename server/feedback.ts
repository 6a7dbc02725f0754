// POST /v1/feedback/false-positive: an administrator says a recent answer was flagged wrongly. It counts
// once per answer in vouch_grounding_false_positives_total (by the guard that flagged it) and is printed
// as a CloudWatch EMF line (GroundingFalsePositive), as `vouch audit override` does for a resume.
import type { FastifyInstance } from "fastify";
import { emfLine, falsePositiveEmf } from "../pipeline/index.js";
import { isAdmin } from "./admin.js";
import type { BoundedMap } from "../core/bounded-map.js";
import type { ServerMetrics } from "./metrics.js";
import type { RecentAnswer } from "./routes.js";
import { type FeedbackBody, feedbackBody } from "./schemas.js";

export interface FeedbackContext {
  recent: BoundedMap<string, RecentAnswer>;
  metrics: ServerMetrics;
  adminToken?: string;
  now: () => number;
  /** Where EMF lines go (stdout, which CloudWatch Logs reads on Lambda and ECS). */
  emit: (line: string) => void;
}

export function registerFeedback(app: FastifyInstance, context: FeedbackContext): void {
  app.post<{ Body: FeedbackBody }>(
    "/v1/feedback/false-positive",
    {
      schema: { body: feedbackBody },
      // Before the body is read or validated: an outsider learns nothing about the API's shape.
      onRequest: async (request, reply) => {
        if (isAdmin(request.headers.authorization, context.adminToken)) return;
        request.log.warn("false-positive report without a valid admin token");
        await reply.code(401).header("www-authenticate", 'Bearer realm="vouch"').send({
          error: "Unauthorized",
          message: "An admin bearer token is required.",
          requestId: request.id,
        });
      },
    },
    async (request, reply) => {
      const { requestId, reason } = request.body;
      const answer = context.recent.get(requestId);
      if (!answer) {
        return reply.code(404).send({
          error: "Not Found",
          message: `No recent answer has the request id ${requestId}.`,
          requestId: request.id,
        });
      }
      if (answer.flaggedBy === "none") {
        // Nothing flagged it: there is no false positive to count.
        return reply.code(409).send({
          error: "Conflict",
          message: `The answer ${requestId} was not flagged (verdict ${answer.verdict}): there is no false positive to report.`,
          requestId: request.id,
        });
      }
      const counted = !answer.reported;
      if (counted) {
        answer.reported = true;
        context.metrics.falsePositives.inc({ guard: answer.flaggedBy });
        const properties = { requestId, reason, verdict: answer.verdict, blocked: answer.blocked };
        context.emit(emfLine(falsePositiveEmf(answer.flaggedBy, context.now(), properties)));
      }
      request.log.info(
        { reportedRequestId: requestId, guard: answer.flaggedBy, counted },
        "false positive reported",
      );
      return { requestId, guard: answer.flaggedBy, counted };
    },
  );
}
