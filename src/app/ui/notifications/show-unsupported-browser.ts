import { notifications } from '@mantine/notifications';
import { errors } from '../../../shared/i18n/pt-BR';

/** SPEC §9: the unsupported-browser notice stays for 10 s. */
export const UNSUPPORTED_BROWSER_NOTICE_MS = 10_000;

export function showUnsupportedBrowser(): void {
  notifications.show({
    color: 'red',
    title: errors.unsupportedBrowserTitle,
    message: errors.unsupportedBrowserMessage,
    autoClose: UNSUPPORTED_BROWSER_NOTICE_MS,
  });
}
