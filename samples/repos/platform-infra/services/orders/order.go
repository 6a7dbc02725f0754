package main

import (
	"errors"
	"strings"
	"time"
)

type Order struct {
	ID         string    `json:"id"`
	CustomerID string    `json:"customerId"`
	TotalCents int64     `json:"totalCents"`
	Currency   string    `json:"currency"`
	Status     string    `json:"status"`
	CreatedAt  time.Time `json:"createdAt"`
}

// Validate checks an incoming order before it reaches the database.
func (o Order) Validate() error {
	switch {
	case o.CustomerID == "":
		return errors.New("customerId is required")
	case o.TotalCents <= 0:
		return errors.New("totalCents must be positive")
	case len(o.Currency) != 3:
		return errors.New("currency must be a three-letter ISO 4217 code")
	}
	return nil
}

// looksLikeUUID rejects malformed ids before they reach Postgres's uuid parser.
func looksLikeUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
				return false
			}
		}
	}
	return true
}
