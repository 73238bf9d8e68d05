import { gqlRequest } from '../../../api/graphql-client';
import type { RequestOptions } from '../../../api/graphql-client';

/** Meta templates of a Cloud API connection (templates.graphql); admin screens fetch directly (DESIGN §4). */
export interface WhatsappTemplate {
  id: string;
  instance_id: string;
  provider_id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  parameter_format: string | null;
  components: unknown;
  reason: string | null;
  updated_at: string;
}

export interface CloudConnection {
  id: string;
  name: string;
  phone_number: string | null;
  waba_id: string | null;
}

const TEMPLATE_FIELDS = 'id instance_id provider_id name language status category parameter_format components reason updated_at';

type Options = Pick<RequestOptions, 'notify' | 'signal'>;

/** The Cloud API connections (only they have templates). */
export async function fetchCloudConnections(tenant: string, options: Options = {}): Promise<CloudConnection[]> {
  const data = await gqlRequest<{ instances: CloudConnection[] }>(
    `query CloudConnections { instances(filters: { channel: "cloud-api" }) { id name phone_number waba_id } }`,
    {},
    { tenant, ...options },
  );
  return data.instances;
}

/** `refresh` reads Meta first; false answers from the server's last copy. */
export async function fetchTemplates(
  tenant: string,
  instanceId: string,
  refresh: boolean,
  options: Options = {},
): Promise<WhatsappTemplate[]> {
  const data = await gqlRequest<{ whatsappTemplates: WhatsappTemplate[] }>(
    `query WhatsappTemplates($instance_id: ID!, $refresh: Boolean) {
      whatsappTemplates(instance_id: $instance_id, refresh: $refresh) { ${TEMPLATE_FIELDS} }
    }`,
    { instance_id: instanceId, refresh },
    { tenant, ...options },
  );
  return data.whatsappTemplates;
}

export interface CreateTemplateInput {
  instance_id: string;
  name: string;
  language: string;
  category: string;
  parameter_format: string;
  components: Array<Record<string, unknown>>;
}

export async function createTemplate(tenant: string, input: CreateTemplateInput): Promise<WhatsappTemplate> {
  const data = await gqlRequest<{ createWhatsappTemplate: WhatsappTemplate }>(
    `mutation CreateWhatsappTemplate($instance_id: ID!, $name: String!, $language: String!, $category: String!,
      $parameter_format: String, $components: JSON!) {
      createWhatsappTemplate(instance_id: $instance_id, name: $name, language: $language, category: $category,
        parameter_format: $parameter_format, components: $components) { ${TEMPLATE_FIELDS} }
    }`,
    { ...input },
    { tenant },
  );
  return data.createWhatsappTemplate;
}
