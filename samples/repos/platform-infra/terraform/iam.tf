# IAM roles for service accounts (IRSA). The orders role may publish to order-events, nothing else.

resource "aws_iam_openid_connect_provider" "eks" {
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  oidc_issuer = replace(aws_iam_openid_connect_provider.eks.url, "https://", "")
}

data "aws_iam_policy_document" "orders_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.eks.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:sub"
      values   = ["system:serviceaccount:orders:orders"]
    }
  }
}

resource "aws_iam_role" "orders" {
  name               = "${var.cluster_name}-orders"
  assume_role_policy = data.aws_iam_policy_document.orders_assume.json
}

data "aws_iam_policy_document" "orders_sqs" {
  statement {
    actions   = ["sqs:SendMessage", "sqs:GetQueueAttributes"]
    resources = [aws_sqs_queue.order_events.arn]
  }
}

resource "aws_iam_role_policy" "orders_sqs" {
  name   = "send-order-events"
  role   = aws_iam_role.orders.id
  policy = data.aws_iam_policy_document.orders_sqs.json
}
