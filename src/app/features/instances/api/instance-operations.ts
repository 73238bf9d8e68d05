import { gqlRequest } from '../../../api/graphql-client';
import type { RequestOptions } from '../../../api/graphql-client';
import { INSTANCE_FIELDS } from '../model/instance';
import type { InstanceView } from '../model/instance';

/**
 * The connection operations (instances.graphql). Connection screens are admin screens that call
 * the server directly (DESIGN §4); failures are shown by the shared client as SPEC §8 notices.
 */
type Options = Pick<RequestOptions, 'notify' | 'signal'>;

export interface IntegrationCheck {
  ok: boolean;
  message: string;
  display_phone_number: string | null;
  verified_name: string | null;
}

export async function fetchInstances(tenant: string, options: Options = {}): Promise<InstanceView[]> {
  const data = await gqlRequest<{ instances: InstanceView[] }>(
    `query Instances { instances { ${INSTANCE_FIELDS} } }`,
    {},
    { tenant, ...options },
  );
  return data.instances;
}

export async function fetchInstance(tenant: string, id: string, options: Options = {}): Promise<InstanceView> {
  const data = await gqlRequest<{ instance: InstanceView }>(
    `query Instance($id: ID!) { instance(id: $id) { ${INSTANCE_FIELDS} } }`,
    { id },
    { tenant, ...options },
  );
  return data.instance;
}

export async function createInstance(tenant: string, name: string, channel: string): Promise<InstanceView> {
  const data = await gqlRequest<{ createInstance: InstanceView }>(
    `mutation CreateInstance($name: String!, $channel: String) {
      createInstance(name: $name, channel: $channel) { ${INSTANCE_FIELDS} }
    }`,
    { name, channel },
    { tenant },
  );
  return data.createInstance;
}

/** `variables` holds the id and the changed fields only (see model/edit-form). */
export async function updateInstance(tenant: string, variables: Record<string, unknown>): Promise<InstanceView> {
  const data = await gqlRequest<{ updateInstance: InstanceView }>(
    `mutation UpdateInstance($id: ID!, $name: String, $broker: String, $waba_id: String, $phone_number: String,
      $official_token: String, $messaging_send: Int, $messaging_limit: String, $official_phone_id: String,
      $dialog_params: JSON) {
      updateInstance(id: $id, name: $name, broker: $broker, waba_id: $waba_id, phone_number: $phone_number,
        official_token: $official_token, messaging_send: $messaging_send, messaging_limit: $messaging_limit,
        official_phone_id: $official_phone_id, dialog_params: $dialog_params) { ${INSTANCE_FIELDS} }
    }`,
    variables,
    { tenant },
  );
  return data.updateInstance;
}

/** Brings the connection up (the build screen's 'Conectar'). */
export async function connectInstance(tenant: string, id: string): Promise<InstanceView> {
  const data = await gqlRequest<{ updateInstanceIntegration: InstanceView }>(
    `mutation ConnectInstance($id: ID!) { updateInstanceIntegration(id: $id) { ${INSTANCE_FIELDS} } }`,
    { id },
    { tenant },
  );
  return data.updateInstanceIntegration;
}

/** Asks the Cloud API whether the saved token and ids work; an answer, not a failure, when they do not. */
export async function checkIntegration(tenant: string, id: string): Promise<IntegrationCheck> {
  const data = await gqlRequest<{ checkInstanceIntegration: IntegrationCheck }>(
    `mutation CheckIntegration($id: ID!) {
      checkInstanceIntegration(id: $id) { ok message display_phone_number verified_name }
    }`,
    { id },
    { tenant },
  );
  return data.checkInstanceIntegration;
}

export async function restartInstance(tenant: string, id: string): Promise<InstanceView> {
  const data = await gqlRequest<{ restartInstancePlugin: InstanceView }>(
    `mutation RestartInstance($id: ID!) { restartInstancePlugin(id: $id) { ${INSTANCE_FIELDS} } }`,
    { id },
    { tenant },
  );
  return data.restartInstancePlugin;
}

export async function deleteInstance(tenant: string, id: string): Promise<void> {
  await gqlRequest<{ deleteInstance: boolean }>(`mutation DeleteInstance($id: ID!) { deleteInstance(id: $id) }`, { id }, { tenant });
}
