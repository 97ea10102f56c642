import { graphql } from "../../graphql/graphql";

export const WebhookFields = graphql(`
  fragment WebhookFields on Webhook { id name format events url createdAt lastDeliveryOk lastError lastDeliveryAt }
`);

export const WebhooksQuery = graphql(`
  query Webhooks { webhooks { ...WebhookFields } }
`, [WebhookFields]);

export const CreateWebhookMutation = graphql(`
  mutation CreateWebhook($name: String!, $url: String!, $format: WebhookFormat!, $events: [String!]!) {
    createWebhook(name: $name, url: $url, format: $format, events: $events) { ...WebhookFields }
  }
`, [WebhookFields]);

export const TestWebhookMutation = graphql(`
  mutation TestWebhook($id: ID!) { testWebhook(id: $id) }
`);

export const DeleteWebhookMutation = graphql(`
  mutation DeleteWebhook($id: ID!) { deleteWebhook(id: $id) }
`);
