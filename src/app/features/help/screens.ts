/** The help/* screens, one chunk for the help section. */
export { TrainingVideosPage } from './training-videos-page';
export { ProtocolPage } from './protocol-page';
export { SupportPage } from './support-page';
export { RulesPage } from './rules-page';
