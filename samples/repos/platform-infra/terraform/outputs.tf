output "cluster_endpoint" {
  value = aws_eks_cluster.main.endpoint
}

output "orders_db_endpoint" {
  value = aws_db_instance.orders.address
}

output "orders_db_secret_arn" {
  value = aws_db_instance.orders.master_user_secret[0].secret_arn
}

output "order_events_queue_url" {
  value = aws_sqs_queue.order_events.url
}

output "orders_role_arn" {
  value = aws_iam_role.orders.arn
}
