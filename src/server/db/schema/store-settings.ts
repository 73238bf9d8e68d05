import type { DefaultTimestamp, Defaulted, Id } from './columns';

/** A page a user starred (SPEC §3 url, is_bookmarked); it follows the user across devices. */
export interface StarredPagesTable {
  tenant_id: number;
  id: Id;
  user_id: number;
  url: string;
  title: string;
  is_bookmarked: Defaulted<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One uploaded version of the store's terms of use (a PDF in the media store). */
export interface TermsDocumentsTable {
  tenant_id: number;
  id: Id;
  file: string;
  name: string;
  size: number;
  created_by: number | null;
  created_at: DefaultTimestamp;
}

export interface TrainingVideosTable {
  tenant_id: number;
  id: Id;
  title: string;
  url: string;
  description: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface StoreSettingTables {
  starred_pages: StarredPagesTable;
  terms_documents: TermsDocumentsTable;
  training_videos: TrainingVideosTable;
}
