import type { Category, ChatFlow, ChatFlowSaveResult, ChatFlowVersion, UserDepartment } from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';

const FLOW_FIELDS = 'id name kind draft published_version published_at has_unpublished_changes expire_minutes expire_message instances { id name } running_sessions updated_at';
const SAVE_RESULT = `flow { ${FLOW_FIELDS} } problems { node_id message }`;

export type FlowRow = ChatFlow;
export type SaveResult = ChatFlowSaveResult;

export interface FlowInputVars {
  name: string;
  draft: string;
  expire_minutes?: number | null;
  expire_message?: string | null;
}

export const FLOWS = gqlOperation<{ chatFlows: ChatFlow[] }, { kind: string }>(`query ($kind: String!) { chatFlows(kind: $kind) { ${FLOW_FIELDS} } }`);
export const FLOW = gqlOperation<{ chatFlow: ChatFlow | null }, { id: string }>(`query ($id: ID!) { chatFlow(id: $id) { ${FLOW_FIELDS} } }`);
export const FLOW_VERSIONS = gqlOperation<{ chatFlowVersions: ChatFlowVersion[] }, { flow_id: string }>(
  `query ($flow_id: ID!) { chatFlowVersions(flow_id: $flow_id) { id version published_at published_by_name } }`,
);
export const CREATE_FLOW = gqlOperation<{ createChatFlow: SaveResult }, { kind: string; input: FlowInputVars }>(
  `mutation ($kind: String!, $input: ChatFlowInput!) { createChatFlow(kind: $kind, input: $input) { ${SAVE_RESULT} } }`,
);
export const SAVE_FLOW = gqlOperation<{ saveChatFlow: SaveResult }, { id: string; input: FlowInputVars }>(
  `mutation ($id: ID!, $input: ChatFlowInput!) { saveChatFlow(id: $id, input: $input) { ${SAVE_RESULT} } }`,
);
export const PUBLISH_FLOW = gqlOperation<{ publishChatFlow: SaveResult }, { id: string }>(`mutation ($id: ID!) { publishChatFlow(id: $id) { ${SAVE_RESULT} } }`);
export const RESTORE_VERSION = gqlOperation<{ restoreChatFlowVersion: SaveResult }, { flow_id: string; version_id: string }>(
  `mutation ($flow_id: ID!, $version_id: ID!) { restoreChatFlowVersion(flow_id: $flow_id, version_id: $version_id) { ${SAVE_RESULT} } }`,
);
export const DELETE_FLOW = gqlOperation<{ deleteChatFlow: boolean }, { id: string }>(`mutation ($id: ID!) { deleteChatFlow(id: $id) }`);
export const SET_INSTANCE_FLOW = gqlOperation<{ setInstancePassiveFlow: boolean }, { instance_id: string; flow_id: string | null }>(
  `mutation ($instance_id: ID!, $flow_id: ID) { setInstancePassiveFlow(instance_id: $instance_id, flow_id: $flow_id) }`,
);
export const FLOW_INSTANCES = gqlOperation<{ instances: Array<{ id: string; name: string }> }>(`query { instances { id name } }`);

/** What the blocks' pickers offer; each read alone, as a role may open some of these lists and not others. */
export const FLOW_DEPARTMENTS = gqlOperation<{ userDepartments: Array<Pick<UserDepartment, 'id' | 'name'>> }>(`query { userDepartments(activated: true) { id name } }`);
export const FLOW_USERS = gqlOperation<{ users: { items: Array<{ id: string; name: string }> } }>(`query { users(pagination_limit: 200) { items { id name } } }`);
export const FLOW_CATEGORIES = gqlOperation<{ categories: Array<Pick<Category, 'id' | 'name'>> }>(`query { categories { id name } }`);
