package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Publisher sends order events to the order-events queue.
type Publisher struct {
	client   *sqs.Client
	queueURL string
}

func NewPublisher(client *sqs.Client, queueURL string) *Publisher {
	return &Publisher{client: client, queueURL: queueURL}
}

type orderEvent struct {
	Type  string `json:"type"`
	Order Order  `json:"order"`
}

func (p *Publisher) OrderPlaced(ctx context.Context, o Order) error {
	body, err := json.Marshal(orderEvent{Type: "order.placed", Order: o})
	if err != nil {
		return err
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:    aws.String(p.queueURL),
		MessageBody: aws.String(string(body)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"event_type": {DataType: aws.String("String"), StringValue: aws.String("order.placed")},
		},
	})
	if err != nil {
		return fmt.Errorf("send order.placed for %s: %w", o.ID, err)
	}
	return nil
}
