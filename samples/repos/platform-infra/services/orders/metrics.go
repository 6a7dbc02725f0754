package main

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promauto"
)

// Registered on the default registry, which promhttp.Handler serves on /metrics.
var (
	ordersCreated = promauto.NewCounterVec(prometheus.CounterOpts{
		Name: "orders_created_total",
		Help: "Orders accepted, by currency.",
	}, []string{"currency"})

	ordersPublishFailures = promauto.NewCounter(prometheus.CounterOpts{
		Name: "orders_publish_failures_total",
		Help: "order.placed events that could not be sent to SQS.",
	})
)
