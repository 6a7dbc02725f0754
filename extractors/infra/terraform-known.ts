// Terraform facts that a resource type alone does not reveal.

/** Managed database resources whose engine is an attribute value. */
export const ENGINE_ATTRIBUTES: Record<string, string> = {
  aws_db_instance: "engine",
  aws_rds_cluster: "engine",
  aws_rds_global_cluster: "engine",
  aws_docdb_cluster: "engine",
  aws_neptune_cluster: "engine",
  aws_elasticache_cluster: "engine",
  aws_elasticache_replication_group: "engine",
  aws_elasticache_serverless_cache: "engine",
  aws_memorydb_cluster: "engine",
  google_sql_database_instance: "database_version",
};

/** Managed database resources whose type fixes the engine. */
export const ENGINE_BY_TYPE: Record<string, string> = {
  azurerm_postgresql_flexible_server: "postgres",
  azurerm_postgresql_server: "postgres",
  azurerm_mysql_flexible_server: "mysql",
  azurerm_mysql_server: "mysql",
  azurerm_mariadb_server: "mariadb",
  azurerm_mssql_server: "sqlserver",
  azurerm_mssql_managed_instance: "sqlserver",
  azurerm_sql_server: "sqlserver",
  azurerm_redis_cache: "redis",
  google_redis_instance: "redis",
};

/** Cloud SQL names versions `POSTGRES_15`, `MYSQL_8_0`, `SQLSERVER_2019_STANDARD`: the engine is the prefix. */
export function engineFromValue(attribute: string, value: string): string | undefined {
  if (value.includes("${")) return undefined;
  const engine = attribute === "database_version" ? value.split("_")[0]?.toLowerCase() : value;
  return engine?.trim() || undefined;
}

/** Well-known `terraform-aws-modules/<name>/aws` registry modules and the resource each one wraps. */
export const AWS_MODULE_RESOURCES: Record<string, string> = {
  acm: "aws_acm_certificate",
  alb: "aws_lb",
  "apigateway-v2": "aws_apigatewayv2_api",
  autoscaling: "aws_autoscaling_group",
  cloudfront: "aws_cloudfront_distribution",
  "dynamodb-table": "aws_dynamodb_table",
  "ec2-instance": "aws_instance",
  ecr: "aws_ecr_repository",
  ecs: "aws_ecs_cluster",
  efs: "aws_efs_file_system",
  eks: "aws_eks_cluster",
  elasticache: "aws_elasticache_replication_group",
  eventbridge: "aws_cloudwatch_event_bus",
  kms: "aws_kms_key",
  lambda: "aws_lambda_function",
  "msk-kafka-cluster": "aws_msk_cluster",
  opensearch: "aws_opensearch_domain",
  rds: "aws_db_instance",
  "rds-aurora": "aws_rds_cluster",
  "s3-bucket": "aws_s3_bucket",
  "secrets-manager": "aws_secretsmanager_secret",
  "security-group": "aws_security_group",
  sns: "aws_sns_topic",
  sqs: "aws_sqs_queue",
  "step-functions": "aws_sfn_state_machine",
  vpc: "aws_vpc",
};

/**
 * The module name from a registry source (`terraform-aws-modules/eks/aws`, optionally with a host or
 * `//submodule`) or a GitHub source (`github.com/terraform-aws-modules/terraform-aws-eks`).
 */
export function awsModuleName(source: string): string | undefined {
  const registry = /^(?:[\w.-]+\/)?terraform-aws-modules\/([\w-]+)\/aws(?:\/\/|$)/.exec(source);
  if (registry?.[1]) return registry[1];
  const github = /github\.com[/:]terraform-aws-modules\/terraform-aws-([\w-]+?)(?:\.git)?(?:[/?]|$)/.exec(
    source,
  );
  return github?.[1];
}

/** An entry of a table of known names; a name from the file may be `constructor` or `__proto__`. */
export function known(table: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}
