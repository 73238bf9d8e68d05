import type { z } from 'zod';
import type { storeInfoSchema } from '../../../../shared/domain/store-info';
import type { Instance, MessageTemplate, StoreInfo, TermsDocument } from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';

export interface SettingRow {
  key: string;
  instance_id: string | null;
  value: string;
}

export const SETTING_VALUES = gqlOperation<{ settingValues: SettingRow[] }, { keys: string[] }>(
  'query SettingValues($keys: [String!]) { settingValues(keys: $keys) { key instance_id value } }',
);

export const SAVE_SETTINGS = gqlOperation<{ saveSettings: SettingRow[] }, { instance_id: string | null; values: Array<{ key: string; value: string | null }> }>(
  'mutation SaveSettings($instance_id: ID, $values: [SettingValueInput!]!) { saveSettings(instance_id: $instance_id, values: $values) { key instance_id value } }',
);

export type ConnectionOption = Pick<Instance, 'id' | 'name'>;
export const CONNECTIONS = gqlOperation<{ instances: ConnectionOption[] }>('query SettingsConnections { instances { id name } }');

export const CLOSING_REASONS = gqlOperation<{ attendanceReferences: { closing_reasons: Array<{ id: string; name: string }> } }, { instance_id: string }>(
  'query ClosingReasons($instance_id: ID!) { attendanceReferences(instance_id: $instance_id) { closing_reasons { id name } } }',
);

/** The store info form's values (before the schema strips punctuation). */
export type StoreInfoValues = z.input<typeof storeInfoSchema>;

const STORE_FIELDS = 'name document address phone logo open_now opening_hours { day open opens closes }';
export const STORE_INFO = gqlOperation<{ storeInfo: StoreInfo }>(`query StoreInfo { storeInfo { ${STORE_FIELDS} } }`);
export const SAVE_STORE_INFO = gqlOperation<{ saveStoreInfo: StoreInfo }, { input: StoreInfoValues }>(
  `mutation SaveStoreInfo($input: StoreInfoInput!) { saveStoreInfo(input: $input) { ${STORE_FIELDS} } }`,
);

export const FILE_URL = gqlOperation<{ fileUrl: string }, { file: string }>('query FileUrl($file: String!) { fileUrl(file: $file) }');

export const QUICK_ANSWERS = gqlOperation<{ messageTemplates: MessageTemplate[] }>('query QuickAnswers { messageTemplates { id identifier value } }');
export const CREATE_QUICK_ANSWER = gqlOperation<unknown, { identifier: string; value: string }>(
  'mutation CreateQuickAnswer($identifier: String!, $value: String!) { createMessageTemplate(identifier: $identifier, value: $value) { id } }',
);
export const UPDATE_QUICK_ANSWER = gqlOperation<unknown, { id: string; identifier: string; value: string }>(
  'mutation UpdateQuickAnswer($id: ID!, $identifier: String, $value: String) { updateMessageTemplate(id: $id, identifier: $identifier, value: $value) { id } }',
);
export const DELETE_QUICK_ANSWER = gqlOperation<unknown, { id: string }>('mutation DeleteQuickAnswer($id: ID!) { deleteMessageTemplate(id: $id) }');

export const TERMS = gqlOperation<{ termsDocuments: TermsDocument[] }>('query TermsDocuments { termsDocuments { id file name size created_at created_by_name } }');
export const ADD_TERMS = gqlOperation<unknown, { file: string; name: string }>(
  'mutation AddTermsDocument($file: String!, $name: String!) { addTermsDocument(file: $file, name: $name) { id } }',
);

export const FEATURE_FLAGS = gqlOperation<{ getFeature: Array<{ id: string; name: string; enabled: boolean }> }>('query SettingsFeatures { getFeature { id name enabled } }');
export const SET_FEATURE = gqlOperation<unknown, { name: string; enabled: boolean }>(
  'mutation SetFeature($name: String!, $enabled: Boolean!) { setFeature(name: $name, enabled: $enabled) { id } }',
);
