/** The configs/* screens, one chunk for the whole settings section. */
export { ClosingMessagesPage } from './closing/closing-messages-page';
export { NpsMessagesPage } from './nps/nps-messages-page';
export { QuickAnswersPage } from './quick-answers/quick-answers-page';
export { ClientFormPage } from './store/client-form-page';
export { TermsPage } from './terms/terms-page';
export { DynamicSettingsPage } from './dynamic/dynamic-settings-page';
