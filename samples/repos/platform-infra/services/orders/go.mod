module github.com/fernhill-supply/platform-infra/services/orders

go 1.22

require (
	github.com/aws/aws-sdk-go-v2 v1.30.3
	github.com/aws/aws-sdk-go-v2/config v1.27.27
	github.com/aws/aws-sdk-go-v2/service/sqs v1.34.3
	github.com/jackc/pgx/v5 v5.6.0
	github.com/prometheus/client_golang v1.19.1
	github.com/redis/go-redis/v9 v9.6.1
	go.opentelemetry.io/otel v1.28.0
)

require (
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/puddle/v2 v2.2.1 // indirect
	github.com/prometheus/client_model v0.6.1 // indirect
	go.opentelemetry.io/otel/trace v1.28.0 // indirect
)
