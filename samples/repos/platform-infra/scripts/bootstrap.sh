#!/usr/bin/env bash
# Converge the production platform from a laptop with admin credentials:
# Terraform first, then cluster-level objects, then the orders chart.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
REGION="${AWS_REGION:-us-east-1}"
CLUSTER="${CLUSTER_NAME:-fernhill-prod}"

for tool in terraform aws kubectl helm; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done

echo "==> terraform apply"
terraform -chdir="$ROOT/terraform" init -input=false
terraform -chdir="$ROOT/terraform" apply -input=false -var-file=production.tfvars -var "cluster_name=$CLUSTER"

echo "==> kubeconfig for $CLUSTER"
aws eks update-kubeconfig --region "$REGION" --name "$CLUSTER"

echo "==> namespaces, service accounts, network policies"
kubectl apply -k "$ROOT/deploy/kustomize/overlays/production"

echo "==> orders chart"
helm dependency build "$ROOT/deploy/helm/orders"
helm upgrade --install orders "$ROOT/deploy/helm/orders" \
  --namespace orders \
  --set image.tag="${ORDERS_TAG:-}" \
  --wait --timeout 5m

echo "done"
