package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
)

var tracer = otel.Tracer("github.com/fernhill-supply/platform-infra/services/orders")

// ErrNotFound is returned by Store.Get for an unknown order id.
var ErrNotFound = errors.New("order not found")

type Store struct {
	pool *pgxpool.Pool
}

func NewStore(pool *pgxpool.Pool) *Store {
	return &Store{pool: pool}
}

func (s *Store) Create(ctx context.Context, o Order) (Order, error) {
	ctx, span := tracer.Start(ctx, "Store.Create")
	defer span.End()
	span.SetAttributes(attribute.String("db.system", "postgresql"))

	err := s.pool.QueryRow(ctx,
		`INSERT INTO orders (customer_id, total_cents, currency, status)
		 VALUES ($1, $2, $3, 'placed')
		 RETURNING id::text, status, created_at`,
		o.CustomerID, o.TotalCents, o.Currency,
	).Scan(&o.ID, &o.Status, &o.CreatedAt)
	if err != nil {
		return Order{}, fmt.Errorf("insert order: %w", err)
	}
	return o, nil
}

func (s *Store) Get(ctx context.Context, id string) (Order, error) {
	ctx, span := tracer.Start(ctx, "Store.Get")
	defer span.End()

	if !looksLikeUUID(id) {
		return Order{}, ErrNotFound
	}
	var o Order
	err := s.pool.QueryRow(ctx,
		`SELECT id::text, customer_id, total_cents, currency, status, created_at
		 FROM orders WHERE id = $1`, id,
	).Scan(&o.ID, &o.CustomerID, &o.TotalCents, &o.Currency, &o.Status, &o.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return Order{}, ErrNotFound
	}
	if err != nil {
		return Order{}, fmt.Errorf("select order: %w", err)
	}
	return o, nil
}
