import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';

/** The knowledge base (issue 14 §3). */
export interface KnowledgeArticlesTable {
  tenant_id: number;
  id: Id;
  title: string;
  body: string;
  tags: Defaulted<string[]>;
  attachment_url: string | null;
  attachment_name: string | null;
  attachment_mimetype: string | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
}

export interface KnowledgeTables {
  knowledge_articles: KnowledgeArticlesTable;
}
