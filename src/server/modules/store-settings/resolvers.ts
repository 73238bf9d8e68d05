import type { ModuleResolvers } from '../../graphql/resolver-types';
import { globalSettingChanged } from './resolvers/global-setting-changed';
import { settingValues, saveSettings } from './resolvers/settings';
import { starredPages, setStarredPage } from './resolvers/starred-pages';
import { saveStoreInfo, storeInfo } from './resolvers/store-info';
import { addTermsDocument, termsDocuments } from './resolvers/terms';
import { createTrainingVideo, deleteTrainingVideo, trainingVideos, updateTrainingVideo } from './resolvers/training-videos';

/** configs/*, help/* and starred pages (issue 14). */
export const storeSettingsResolvers: ModuleResolvers = {
  Query: { settingValues, storeInfo, termsDocuments, trainingVideos, starredPages },
  Subscription: { globalSettingChanged },
  Mutation: { saveSettings, saveStoreInfo, addTermsDocument, createTrainingVideo, updateTrainingVideo, deleteTrainingVideo, setStarredPage },
};
