import type { AppRoute } from '../../../shared/domain/routes';
import { HOME_PATH } from '../../../shared/domain/routes';

/** The values a menu entry fills into its path parameters. */
const MENU_PARAMS: Readonly<Record<string, string>> = {
  chooseInstance: 'choose-instance',
  type: 'all',
};

export const menuHref = (tenant: string, route: AppRoute): string =>
  `/${tenant}/${route.path.replace(/\$(\w+)/g, (_, name: string) => MENU_PARAMS[name] ?? name)}`;

export const homeHref = (tenant: string): string => `/${tenant}/${HOME_PATH}`;
