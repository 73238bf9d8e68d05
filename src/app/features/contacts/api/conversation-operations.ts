import { gqlOperation } from '../../../ui/admin';

/** The connections the viewer attends through (all of them for those who manage connections). */
export const CONVERSATION_CONNECTIONS = gqlOperation<{ instances: Array<{ id: string; name: string; phone_number: string | null }> }>(
  'query ConversationConnections { instances { id name phone_number } }',
);

export const OPEN_CONVERSATION = gqlOperation<{ openCustomerConversation: { id: string } }, { customer_id: string; instance_id: string }>(
  'mutation OpenConversation($customer_id: ID!, $instance_id: ID!) { openCustomerConversation(customer_id: $customer_id, instance_id: $instance_id) { id } }',
);
