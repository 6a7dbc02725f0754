package main

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

func TestOrderValidate(t *testing.T) {
	cases := []struct {
		name    string
		order   Order
		wantErr bool
	}{
		{"valid", Order{CustomerID: "c-42", TotalCents: 1999, Currency: "EUR"}, false},
		{"missing customer", Order{TotalCents: 1999, Currency: "EUR"}, true},
		{"zero total", Order{CustomerID: "c-42", Currency: "EUR"}, true},
		{"bad currency", Order{CustomerID: "c-42", TotalCents: 5, Currency: "EURO"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.order.Validate(); (err != nil) != tc.wantErr {
				t.Fatalf("Validate() error = %v, wantErr %v", err, tc.wantErr)
			}
		})
	}
}

// TestStoreRoundTrip needs a scratch database with migrations/001_orders.sql applied.
func TestStoreRoundTrip(t *testing.T) {
	url := os.Getenv("TEST_DATABASE_URL")
	if url == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	ctx := context.Background()
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()

	s := NewStore(pool)
	created, err := s.Create(ctx, Order{CustomerID: "c-42", TotalCents: 1999, Currency: "EUR"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalCents != 1999 || got.Status != "placed" {
		t.Fatalf("got %+v", got)
	}
	if _, err := s.Get(ctx, "00000000-0000-0000-0000-000000000000"); err != ErrNotFound {
		t.Fatalf("want ErrNotFound, got %v", err)
	}
}

func TestLooksLikeUUID(t *testing.T) {
	if !looksLikeUUID("9b2d6c1e-5a7f-4e3b-8c2d-1a0f9e8d7c6b") {
		t.Error("rejected a valid uuid")
	}
	for _, bad := range []string{"", "42", "9b2d6c1e5a7f4e3b8c2d1a0f9e8d7c6b", "zb2d6c1e-5a7f-4e3b-8c2d-1a0f9e8d7c6b"} {
		if looksLikeUUID(bad) {
			t.Errorf("accepted %q", bad)
		}
	}
}
