import { beforeAll, describe, expect, it } from "vitest";
import { terraformDetector, terraformLockDetector } from "../../../extractors/infra/terraform.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(terraformDetector, terraformLockDetector));

interface Case {
  name: string;
  path?: string;
  text: string;
  expected: string[];
}

const cases: Case[] = [
  {
    name: "required_providers sources and provider blocks",
    text: dedent(`
      # providers
      terraform {
        required_providers {
          aws = {
            source  = "hashicorp/aws"
            version = "~> 5.0"
          }
          kubernetes = {
            source = "registry.terraform.io/hashicorp/kubernetes"
          }
          legacy = "~> 1.0"
        }
      }

      provider "aws" {
        region = "us-east-1"
      }

      provider "aws" {
        alias  = "eu"
        region = "eu-west-1"
      }
    `),
    expected: [
      "tool:terraform @2 Terraform configuration",
      'terraform-provider:hashicorp/aws @5 required_providers.aws: source = "hashicorp/aws"',
      'terraform-provider:hashicorp/kubernetes @9 required_providers.kubernetes: source = "registry.terraform.io/hashicorp/kubernetes"',
      "terraform-provider:legacy @11 required_providers.legacy",
      'terraform-provider:aws @15 provider "aws"',
      'terraform-provider:aws @19 provider "aws"',
    ],
  },
  {
    name: "resources, data sources and managed database engines",
    text: dedent(`
      resource "aws_eks_cluster" "main" {
        name = "prod"
      }
      data "aws_ami" "ubuntu" {
        most_recent = true
      }
      resource "aws_db_instance" "db" {
        identifier = "app"
        engine     = "postgres"
        tags       = { Name = "x" }
      }
      resource "aws_rds_cluster" "aurora" {
        engine = var.engine
      }
      resource "google_sql_database_instance" "sql" {
        database_version = "POSTGRES_15"
      }
      resource "azurerm_postgresql_flexible_server" "pg" {
        name = "pg"
      }
    `),
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:aws_eks_cluster @1 resource "aws_eks_cluster" "main"',
      'terraform-resource:aws_ami @4 data "aws_ami" "ubuntu"',
      'terraform-resource:aws_db_instance @7 resource "aws_db_instance" "db"',
      'db-engine:postgres @9 resource "aws_db_instance" "db": engine = "postgres"',
      'terraform-resource:aws_rds_cluster @12 resource "aws_rds_cluster" "aurora"',
      'terraform-resource:google_sql_database_instance @15 resource "google_sql_database_instance" "sql"',
      'db-engine:postgres @16 resource "google_sql_database_instance" "sql": database_version = "POSTGRES_15"',
      'terraform-resource:azurerm_postgresql_flexible_server @18 resource "azurerm_postgresql_flexible_server" "pg"',
      'db-engine:postgres @18 resource "azurerm_postgresql_flexible_server" "pg"',
    ],
  },
  {
    name: "container images in ECS task definitions and Kubernetes deployments",
    text: dedent(`
      resource "aws_ecs_task_definition" "app" {
        family = "app"
        container_definitions = jsonencode([
          {
            name  = "web"
            image = "public.ecr.aws/nginx/nginx:1.25"
          },
          {
            name  = "own"
            image = "\${aws_ecr_repository.app.repository_url}:latest"
          }
        ])
      }
      resource "aws_ecs_task_definition" "worker" {
        container_definitions = <<EOF
      [{"name": "worker", "image": "redis:7-alpine"}]
      EOF
      }
      resource "kubernetes_deployment" "api" {
        spec {
          template {
            spec {
              container {
                name  = "api"
                image = "docker.io/library/node:20"
              }
            }
          }
        }
      }
    `),
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:aws_ecs_task_definition @1 resource "aws_ecs_task_definition" "app"',
      'image:public.ecr.aws/nginx/nginx @6 resource "aws_ecs_task_definition" "app": image = "public.ecr.aws/nginx/nginx:1.25"',
      'terraform-resource:aws_ecs_task_definition @14 resource "aws_ecs_task_definition" "worker"',
      'image:redis @16 resource "aws_ecs_task_definition" "worker": image = "redis:7-alpine"',
      'terraform-resource:kubernetes_deployment @19 resource "kubernetes_deployment" "api"',
      'image:node @25 resource "kubernetes_deployment" "api": image = "docker.io/library/node:20"',
    ],
  },
  {
    name: "helm_release charts with and without a repository prefix",
    text: dedent(`
      resource "helm_release" "db" {
        name       = "db"
        repository = "https://charts.bitnami.com/bitnami"
        chart      = "postgresql"
      }
      resource "helm_release" "ingress" {
        chart = "ingress-nginx/ingress-nginx"
      }
      resource "helm_release" "local" {
        chart = "./charts/app"
      }
    `),
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:helm_release @1 resource "helm_release" "db"',
      'helm:postgresql @4 resource "helm_release" "db": chart = "postgresql"',
      'terraform-resource:helm_release @6 resource "helm_release" "ingress"',
      'helm:ingress-nginx @7 resource "helm_release" "ingress": chart = "ingress-nginx/ingress-nginx"',
      'terraform-resource:helm_release @9 resource "helm_release" "local"',
    ],
  },
  {
    name: "well-known AWS modules map to the resource they wrap; other modules report nothing",
    text: dedent(`
      module "eks" {
        source  = "terraform-aws-modules/eks/aws"
        version = "~> 20.0"
      }
      module "db" {
        source = "terraform-aws-modules/rds/aws//modules/db_instance"
        engine = "mysql"
      }
      module "net" {
        source = "git::https://github.com/terraform-aws-modules/terraform-aws-vpc.git?ref=v5.0.0"
      }
      module "mine" {
        source = "./modules/app"
      }
    `),
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:aws_eks_cluster @1 module "eks" (terraform-aws-modules/eks/aws)',
      'terraform-resource:aws_db_instance @5 module "db" (terraform-aws-modules/rds/aws//modules/db_instance)',
      'db-engine:mysql @7 module "db" (terraform-aws-modules/rds/aws//modules/db_instance): engine = "mysql"',
      'terraform-resource:aws_vpc @9 module "net" (git::https://github.com/terraform-aws-modules/terraform-aws-vpc.git?ref=v5.0.0)',
    ],
  },
  {
    name: "strings, comments and heredocs with braces do not confuse block lines",
    text: dedent(`
      /* resource "fake" "one" { */
      locals {
        text = "} {"
        doc  = <<-EOT
          resource "fake" "two" {
        EOT
        interpolated = "\${jsonencode({ a = "}" })}"
      }
      // resource "fake" "three" {
      resource "aws_s3_bucket" "logs" {
        bucket = "logs"
      }
    `),
    expected: [
      "tool:terraform @2 Terraform configuration",
      'terraform-resource:aws_s3_bucket @10 resource "aws_s3_bucket" "logs"',
    ],
  },
  {
    name: "CRLF line endings and a byte order mark",
    text: '\uFEFFresource "aws_sqs_queue" "q" {\r\n  name = "q"\r\n}\r\n',
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:aws_sqs_queue @1 resource "aws_sqs_queue" "q"',
    ],
  },
  { name: "an empty file", text: "", expected: [] },
  { name: "a file of comments", text: "# nothing here\n", expected: [] },
  {
    name: "Terraform JSON",
    path: "main.tf.json",
    text: dedent(`
      {
        "provider": { "aws": { "region": "us-east-1" } },
        "resource": {
          "aws_db_instance": {
            "db": {
              "engine": "mariadb"
            }
          }
        }
      }
    `),
    expected: [
      "tool:terraform @1 Terraform configuration",
      'terraform-provider:aws @2 provider "aws"',
      'terraform-resource:aws_db_instance @5 resource "aws_db_instance" "db"',
      'db-engine:mariadb @6 resource "aws_db_instance" "db": engine = "mariadb"',
    ],
  },
];

describe("terraformDetector", () => {
  it.each(cases)("$name", ({ path, text, expected }) => {
    expect(detect(terraformDetector, path ?? "infra/main.tf", text, "iac")).toEqual(expected);
  });

  it("claims .tf and .tf.json files only", () => {
    expect(["a.tf", "x/b.tf.json", "a.tfvars", "a.tf.bak", "tf"].map(terraformDetector.matches)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("reports invalid HCL with the line of the block that never closes", () => {
    const error = parseError(
      terraformDetector,
      "main.tf",
      'resource "a" "b" {\n  x = 1\n\nresource "c" "d" {\n}\n',
    );
    expect(error.message).toBe("main.tf is not valid HCL: the block on line 1 is never closed.");
    expect(error.line).toBe(1);
  });

  it("reports invalid HCL inside a block with its line", () => {
    const error = parseError(terraformDetector, "main.tf", 'resource "a" "b" {\n  x = \n}\n');
    expect(error.message).toMatch(/^main\.tf is not valid HCL: .+\.$/);
    expect(error.line).toBe(2);
  });

  it.each([
    ['resource "a" "b" {\n  name = "x\n}\n', "the string on line 2 is never closed", 2],
    [
      'resource "a" "b" {\n  policy = <<EOT\n  {}\n}\n',
      "the heredoc on line 2 is never closed: no line after it reads `EOT` alone",
      2,
    ],
    ['locals {\n  a = [\n    "x",\n}\n', "the `[` on line 2 is never closed", 2],
  ])("reports what is never closed and where it starts: %j", (text, reason, line) => {
    const error = parseError(terraformDetector, "main.tf", text);
    expect(error.message).toBe(`main.tf is not valid HCL: ${reason}.`);
    expect(error.line).toBe(line);
  });

  it("reads templates and references as their source text: only a templated tag still names an image", () => {
    const text = dedent(`
      resource "kubernetes_deployment" "web" {
        spec {
          container {
            image = "nginx:\${var.tag}"
          }
        }
      }
      resource "aws_db_instance" "db" {
        engine = "\${var.engine}"
      }
      resource "helm_release" "x" {
        chart = var.chart
      }
    `);
    expect(detect(terraformDetector, "main.tf", text, "iac")).toEqual([
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:kubernetes_deployment @1 resource "kubernetes_deployment" "web"',
      'image:nginx @4 resource "kubernetes_deployment" "web": image = "nginx:${var.tag}"',
      'terraform-resource:aws_db_instance @8 resource "aws_db_instance" "db"',
      'terraform-resource:helm_release @11 resource "helm_release" "x"',
    ]);
  });

  it("treats `__proto__` and `constructor` as names like any other", () => {
    const text = dedent(`
      resource "__proto__" "__proto__" {
        engine = "x"
      }
      resource "constructor" "a" {
      }
      module "m" {
        source = "terraform-aws-modules/__proto__/aws"
      }
    `);
    expect(detect(terraformDetector, "main.tf", text, "iac")).toEqual([
      "tool:terraform @1 Terraform configuration",
      'terraform-resource:__proto__ @1 resource "__proto__" "__proto__"',
      'terraform-resource:constructor @4 resource "constructor" "a"',
    ]);
    expect(Object.prototype).not.toHaveProperty("engine");
  });

  it("reports invalid Terraform JSON", () => {
    expect(parseError(terraformDetector, "main.tf.json", "{ nope").message).toBe(
      "main.tf.json is not a valid Terraform JSON object.",
    );
  });
});

describe("terraformLockDetector", () => {
  it("reports a malformed lock file with the line of the block that never closes", () => {
    const error = parseError(
      terraformLockDetector,
      ".terraform.lock.hcl",
      'provider "x" {\n  version = "1"\n',
    );
    expect(error.message).toBe(".terraform.lock.hcl is not valid HCL: the block on line 1 is never closed.");
    expect(error.line).toBe(1);
  });

  it("reports every locked provider without the default registry host", () => {
    const text = dedent(`
      # This file is maintained automatically by "terraform init".
      provider "registry.terraform.io/hashicorp/aws" {
        version = "5.31.0"
        hashes = [
          "h1:abc=",
        ]
      }

      provider "registry.terraform.io/cloudflare/cloudflare" {
        version = "4.20.0"
      }
    `);
    expect(detect(terraformLockDetector, ".terraform.lock.hcl", text, "iac")).toEqual([
      'terraform-provider:hashicorp/aws @2 provider "registry.terraform.io/hashicorp/aws" (lock file)',
      'terraform-provider:cloudflare/cloudflare @9 provider "registry.terraform.io/cloudflare/cloudflare" (lock file)',
    ]);
  });
});
