// CloudWatch Embedded Metric Format: a JSON log line that CloudWatch Logs turns into a metric with no SDK
// call (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
// Pure, clock passed in: `vouch audit override` and the chatbot's feedback endpoint both emit it.

export const EMF_NAMESPACE = "Vouch";
export const FALSE_POSITIVE_METRIC = "GroundingFalsePositive";

/** Extra context kept on the line (searchable in Logs Insights, not dimensions). */
export type EmfProperties = Record<string, string | number | boolean>;

export interface EmfDocument {
  _aws: {
    Timestamp: number;
    CloudWatchMetrics: {
      Namespace: string;
      Dimensions: string[][];
      Metrics: { Name: string; Unit: string }[];
    }[];
  };
  [key: string]: unknown;
}

/**
 * One false positive of a guard: count 1 of GroundingFalsePositive, dimension Guard. Properties come
 * after the metric and never replace `_aws`, `Guard` or the metric value.
 */
export function falsePositiveEmf(
  guard: string,
  timestampMs: number,
  properties: EmfProperties = {},
): EmfDocument {
  const reserved = new Set(["_aws", "Guard", FALSE_POSITIVE_METRIC]);
  return {
    _aws: {
      Timestamp: timestampMs,
      CloudWatchMetrics: [
        {
          Namespace: EMF_NAMESPACE,
          Dimensions: [["Guard"]],
          Metrics: [{ Name: FALSE_POSITIVE_METRIC, Unit: "Count" }],
        },
      ],
    },
    Guard: guard,
    [FALSE_POSITIVE_METRIC]: 1,
    ...Object.fromEntries(Object.entries(properties).filter(([key]) => !reserved.has(key))),
  };
}

/** The document as one log line (EMF needs the whole object on a single line). */
export function emfLine(document: EmfDocument): string {
  return `${JSON.stringify(document)}\n`;
}
