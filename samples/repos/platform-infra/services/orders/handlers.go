package main

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
)

const idempotencyTTL = 24 * time.Hour

type handler struct {
	store  *Store
	events *Publisher
	idem   *redis.Client
	log    *slog.Logger
}

func (h *handler) createOrder(w http.ResponseWriter, r *http.Request) {
	ctx, span := tracer.Start(r.Context(), "createOrder")
	defer span.End()

	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		http.Error(w, "Idempotency-Key header is required", http.StatusBadRequest)
		return
	}
	if id, err := h.idem.Get(ctx, "orders:idem:"+key).Result(); err == nil {
		span.SetAttributes(attribute.Bool("idempotent.replay", true))
		http.Redirect(w, r, "/orders/"+id, http.StatusSeeOther)
		return
	} else if !errors.Is(err, redis.Nil) {
		h.log.Warn("idempotency lookup failed", "err", err)
	}

	var in Order
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, "invalid JSON body", http.StatusBadRequest)
		return
	}
	if err := in.Validate(); err != nil {
		http.Error(w, err.Error(), http.StatusUnprocessableEntity)
		return
	}

	order, err := h.store.Create(ctx, in)
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
		h.log.Error("create order", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if err := h.idem.Set(ctx, "orders:idem:"+key, order.ID, idempotencyTTL).Err(); err != nil {
		h.log.Warn("remember idempotency key", "err", err)
	}
	if err := h.events.OrderPlaced(ctx, order); err != nil {
		ordersPublishFailures.Inc()
		h.log.Error("publish order.placed", "err", err, "order", order.ID)
	}
	ordersCreated.WithLabelValues(order.Currency).Inc()
	writeJSON(w, http.StatusCreated, order)
}

func (h *handler) getOrder(w http.ResponseWriter, r *http.Request) {
	order, err := h.store.Get(r.Context(), r.PathValue("id"))
	switch {
	case errors.Is(err, ErrNotFound):
		http.Error(w, "not found", http.StatusNotFound)
	case err != nil:
		h.log.Error("get order", "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
	default:
		writeJSON(w, http.StatusOK, order)
	}
}
