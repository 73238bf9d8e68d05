import { z } from 'zod';
import { routeByName } from '../../../shared/domain/routes';
import { fieldTexts as t } from '../../texts';
import { idInput } from '../users/user-inputs';
import { roleTexts } from './texts';

const displayName = z.string(roleTexts.displayNameRequired).trim().min(1, roleTexts.displayNameRequired).max(80, t.tooLong);
const name = z.string().trim().regex(/^[a-z0-9][a-z0-9_-]{0,59}$/, roleTexts.nameInvalid);
/** Route names of routes.ts only, each once. */
const routes = z
  .array(z.string().trim().max(80, t.tooLong))
  .max(200)
  .refine((list) => list.every((route) => routeByName(route) !== undefined), roleTexts.routeUnknown)
  .transform((list) => [...new Set(list)]);

export const createRoleInput = z.object({ name: name.nullish(), display_name: displayName, has_permission_routes: routes });
export const updateRoleInput = z.object({
  id: idInput,
  name: name.nullish(),
  display_name: displayName.nullish(),
  has_permission_routes: routes.nullish(),
});
export const roleIdInput = z.object({ id: idInput });

/** A role identifier made from its display name: 'Líder de Vendas' → 'lider-de-vendas'. */
export const roleNameOf = (displayName: string): string =>
  displayName
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'perfil';
