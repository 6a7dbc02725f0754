import { describe, expect, it } from "vitest";
import { emfLine, falsePositiveEmf } from "../../../pipeline/audit/emf.js";

describe("falsePositiveEmf", () => {
  it("builds the exact Embedded Metric Format document", () => {
    const line = emfLine(falsePositiveEmf("number-provenance", 1700000000000, { runId: "run-1", seq: 4 }));
    expect(line).toBe(
      '{"_aws":{"Timestamp":1700000000000,"CloudWatchMetrics":[{"Namespace":"Vouch","Dimensions":[["Guard"]],' +
        '"Metrics":[{"Name":"GroundingFalsePositive","Unit":"Count"}]}]},' +
        '"Guard":"number-provenance","GroundingFalsePositive":1,"runId":"run-1","seq":4}\n',
    );
  });

  it("is one line whatever the properties hold", () => {
    const line = emfLine(falsePositiveEmf("claim-net", 0, { reason: "two\nlines" }));
    expect(line.indexOf("\n")).toBe(line.length - 1);
  });

  it("never lets a property replace the metric, its dimension or _aws", () => {
    const doc = falsePositiveEmf("claim-net", 5, { Guard: "x", GroundingFalsePositive: 99, _aws: "no" });
    expect(doc).toMatchObject({ Guard: "claim-net", GroundingFalsePositive: 1, _aws: { Timestamp: 5 } });
  });

  it("gives every dimension and metric a value at the top level, as CloudWatch requires", () => {
    const doc = falsePositiveEmf("verifier", 1);
    const directive = doc._aws.CloudWatchMetrics[0]!;
    for (const name of directive.Dimensions.flat()) expect(typeof doc[name]).toBe("string");
    for (const metric of directive.Metrics) expect(typeof doc[metric.Name]).toBe("number");
  });
});
