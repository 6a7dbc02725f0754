import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { msbuildDetector, packagesConfigDetector } from "../../../extractors/manifests/dotnet.js";
import { extract } from "../../../extractors/extract.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(msbuildDetector, packagesConfigDetector));

const cases: { name: string; path: string; text: string; expected: Row[] }[] = [
  {
    name: "PackageReference by Include and Update; PrivateAssets=all is dev",
    path: "src/Api/Api.csproj",
    text: lines(
      '<Project Sdk="Microsoft.NET.Sdk.Web">',
      "  <ItemGroup>",
      '    <PackageReference Include="Npgsql.EntityFrameworkCore.PostgreSQL" Version="8.0.0" />',
      '    <PackageReference Include="StyleCop.Analyzers" Version="1.1.118" PrivateAssets="All" />',
      '    <PackageReference Include="Microsoft.SourceLink.GitHub">',
      "      <Version>8.0.0</Version>",
      "      <PrivateAssets>all</PrivateAssets>",
      "    </PackageReference>",
      '    <PackageReference Update="Serilog" Version="3.1.1" />',
      '    <PackageReference Remove="Old.Package" />',
      '    <ProjectReference Include="..\\Core\\Core.csproj" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["msbuild-sdk", "Microsoft.NET.Sdk.Web", 1, "runtime"],
      ["nuget", "Npgsql.EntityFrameworkCore.PostgreSQL", 3, "runtime"],
      ["nuget", "StyleCop.Analyzers", 4, "dev"],
      ["nuget", "Microsoft.SourceLink.GitHub", 5, "dev"],
      ["nuget", "Serilog", 9, "runtime"],
    ],
  },
  {
    name: "conditional item groups inside Choose, and an F# project",
    path: "App.fsproj",
    text: lines(
      "<Project>",
      "  <Choose>",
      "    <When Condition=\"'$(Configuration)' == 'Debug'\">",
      "      <ItemGroup>",
      '        <PackageReference Include="FSharp.Core" />',
      "      </ItemGroup>",
      "    </When>",
      "  </Choose>",
      "</Project>",
    ),
    expected: [["nuget", "FSharp.Core", 5, "runtime"]],
  },
  {
    name: "central package management: PackageVersion and GlobalPackageReference",
    path: "Directory.Packages.props",
    text: lines(
      "<Project>",
      "  <PropertyGroup><ManagePackageVersionsCentrally>true</ManagePackageVersionsCentrally></PropertyGroup>",
      "  <ItemGroup>",
      '    <PackageVersion Include="AWSSDK.S3" Version="3.7.300" />',
      '    <GlobalPackageReference Include="Nerdbank.GitVersioning" Version="3.6.133" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["nuget", "AWSSDK.S3", 4, "runtime"],
      ["nuget", "Nerdbank.GitVersioning", 5, "dev"],
    ],
  },
  {
    name: "an old-style project with a namespace, CRLF and a byte-order mark",
    path: "Legacy.vbproj",
    text: '\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<Project ToolsVersion="15.0" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">\r\n<ItemGroup>\r\n<PackageReference Include="Dapper" Version="2.1.28" />\r\n</ItemGroup>\r\n</Project>\r\n',
    expected: [["nuget", "Dapper", 4, "runtime"]],
  },
  {
    name: "an ASP.NET Core app with no ASP.NET Core package: the Web SDK and gRPC say it",
    path: "src/Orders/Orders.csproj",
    text: lines(
      '<Project Sdk="Microsoft.NET.Sdk.Web">',
      "  <PropertyGroup><TargetFramework>net8.0</TargetFramework></PropertyGroup>",
      "  <ItemGroup>",
      '    <PackageReference Include="Grpc.AspNetCore" Version="2.62.0" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["msbuild-sdk", "Microsoft.NET.Sdk.Web", 1, "runtime"],
      ["nuget", "Grpc.AspNetCore", 4, "runtime"],
    ],
  },
  {
    name: "SDKs by version, in lists, as elements and on imports; shared frameworks; a test SDK",
    path: "src/Host/Host.csproj",
    text: lines(
      '<Project Sdk="Microsoft.NET.Sdk; Aspire.AppHost.Sdk/9.0.0">',
      '  <Sdk Name="MSTest.Sdk" Version="3.6.0" />',
      '  <Import Project="Sdk.targets" Sdk="Microsoft.NET.Sdk.Razor" />',
      "  <ItemGroup>",
      '    <FrameworkReference Include="Microsoft.AspNetCore.App" />',
      '    <Import Project="other.props" />',
      "  </ItemGroup>",
      "</Project>",
    ),
    expected: [
      ["msbuild-sdk", "Microsoft.NET.Sdk", 1, "runtime"],
      ["msbuild-sdk", "Aspire.AppHost.Sdk", 1, "runtime"],
      ["msbuild-sdk", "MSTest.Sdk", 2, "test"],
      ["msbuild-sdk", "Microsoft.NET.Sdk.Razor", 3, "runtime"],
      ["nuget", "Microsoft.AspNetCore.App", 5, "runtime"],
    ],
  },
  { name: "empty file", path: "A.csproj", text: "", expected: [] },
];

describe("MSBuild project files", () => {
  it.each(cases)("$name", ({ path, text, expected }) => {
    expect(detectRows(msbuildDetector, path, text)).toEqual(expected);
  });

  it("details the item type and version", () => {
    const text =
      '<Project><ItemGroup><PackageReference Include="Polly" Version="8.2.0" /></ItemGroup></Project>';
    expect(msbuildDetector.detect({ path: "A.csproj", text })[0]?.detail).toBe(
      "PackageReference: Polly@8.2.0",
    );
  });

  it("details the SDK and where it is named", () => {
    const text = '<Project Sdk="Microsoft.NET.Sdk.Web/8.0.100"><Sdk Name="Aspire.AppHost.Sdk" /></Project>';
    expect(msbuildDetector.detect({ path: "A.csproj", text }).map((d) => d.detail)).toEqual([
      "Project Sdk: Microsoft.NET.Sdk.Web",
      "Sdk: Aspire.AppHost.Sdk",
    ]);
  });

  it.each([
    ["src/Api/Api.csproj", true],
    ["Lib.fsproj", true],
    ["Lib.vbproj", true],
    ["Directory.Packages.props", true],
    ["Directory.Build.props", true],
    ["packages.lock.json", false],
    ["Api.csproj.user", false],
    ["App.sln", false],
  ])("matches %s: %s", (path, expected) => {
    expect(msbuildDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "malformed XML",
      text: lines("<Project>", '  <ItemGroup><PackageReference Include="A"></ItemGroup>', "</Project>"),
      message:
        "Invalid XML on line 2: Expected closing tag 'PackageReference' (opened in line 2, col 14) instead of closing tag 'ItemGroup'.",
      line: 2,
    },
    {
      name: "a root that is not Project",
      text: "<Solution/>",
      message: "A.csproj has no <Project> root element.",
      line: 1,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(msbuildDetector, "A.csproj", text, message, line);
  });
});

describe("packages.config", () => {
  it("reads packages and development dependencies", () => {
    const text = lines(
      '<?xml version="1.0" encoding="utf-8"?>',
      "<packages>",
      '  <package id="Newtonsoft.Json" version="13.0.3" targetFramework="net48" />',
      '  <package id="xunit.runner.visualstudio" version="2.5.0" developmentDependency="true" />',
      "</packages>",
    );
    expect(detectRows(packagesConfigDetector, "packages.config", text)).toEqual([
      ["nuget", "Newtonsoft.Json", 3, "runtime"],
      ["nuget", "xunit.runner.visualstudio", 4, "dev"],
    ]);
  });

  it("rejects markup the validator passes but the parser cannot read", () => {
    const text = lines("<packages>", '  <package id="x" />', "</packages><!");
    expectParseError(
      packagesConfigDetector,
      "packages.config",
      text,
      "Invalid XML on line 3: markup the parser cannot read.",
      3,
    );
  });

  it("rejects a file without <packages>", () => {
    expectParseError(
      packagesConfigDetector,
      "packages.config",
      "<configuration/>",
      "packages.config has no <packages> root element.",
      1,
    );
  });
});

const FIXTURES = join(import.meta.dirname, "../../fixtures/repos");

/** `vouch extract` on a fixture repository: each technology found, with its status. */
async function extracted(name: string): Promise<Record<string, string>> {
  const truth = await extract([join(FIXTURES, name)], { history: false });
  expect(truth.warnings).toEqual([]);
  return Object.fromEntries(truth.technologies.map((t) => [t.id, t.status]));
}

describe("an ASP.NET Core service with tests (detect-aspnet-core)", () => {
  // The app references no Microsoft.AspNetCore.* package (the Web SDK brings the framework), so only the
  // test project's Mvc.Testing package used to show ASP.NET Core, and it was rated test-only.
  it("is production ASP.NET Core and gRPC, by the Web SDK and Grpc.AspNetCore", async () => {
    const found = await extracted("detect-aspnet-core");
    expect(found).toMatchObject({ "aspnet-core": "production", grpc: "production", dotnet: "production" });
    expect(found.xunit).toBe("test-only");
  });
});
