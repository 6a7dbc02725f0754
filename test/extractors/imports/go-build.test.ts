import { describe, expect, it } from "vitest";
import { buildRole, readConstraint } from "../../../extractors/imports/go-build.js";
import { goImportDetector } from "../../../extractors/imports/go.js";
import { initDetectors } from "../manifests/helpers.js";

const file = (constraint: string) =>
  `${constraint}\n\npackage tools\n\nimport _ "github.com/golangci/golangci-lint/cmd/golangci-lint"\n`;

const role = (text: string) => buildRole(readConstraint(text));

describe("Go files by their build constraint: built, built only for a tool run, or a build variant", () => {
  it.each([
    ["//go:build tools", "tools"],
    ["//go:build ignore", "tools"],
    ["//go:build tools && linux", "tools"],
    ["//go:build (tools || ignore) && !windows", "tools"],
    ["//go:build linux", "built"],
    ["//go:build windows", "built"],
    ["//go:build darwin && arm64", "built"],
    ["//go:build !windows && cgo", "built"],
    ["//go:build go1.21 && !js", "built"],
    ["//go:build linux && !linux", "variant"],
    ["//go:build aws || all", "variant"],
    ["//go:build enterprise && linux", "variant"],
    ["//go:build !tools", "built"],
    ["//go:build !aws", "built"],
    ["// a comment, no constraint", "built"],
    ["//go:build tools &&", "built"],
  ])("%s → %s", (constraint, expected) => {
    expect(role(file(constraint))).toBe(expected);
  });

  it("reads only the header: a constraint after the package clause is none", () => {
    expect(role("package x\n\n//go:build tools\n")).toBe("built");
  });

  it("names the tags only -tags sets, and holds on some platform with those set", () => {
    const constraint = readConstraint(file("//go:build (aws || all) && !windows"))!;
    expect(constraint.expression).toBe("(aws || all) && !windows");
    expect(constraint.customTags).toEqual(["aws", "all"]);
    expect(constraint.holdsWith(new Set(["all"]))).toBe(true);
    expect(constraint.holdsWith(new Set(["google"]))).toBe(false);
  });

  it("reports a tools.go's imports as dev, an ordinary file's as they are", async () => {
    await initDetectors(goImportDetector);
    const scopes = (text: string) =>
      goImportDetector.detect({ path: "tools/tools.go", text }).map((d) => d.scope);
    expect(scopes(file("//go:build tools"))).toEqual(["dev"]);
    expect(scopes(file("//go:build linux"))).toEqual([undefined]);
  });
});
