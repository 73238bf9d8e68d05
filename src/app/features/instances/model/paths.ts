import { HOME_PATH } from '../../../../shared/domain/routes';

/** Addresses of the connection screens and of where they lead (SPEC §2). */
export const paths = {
  chooser: (tenant: string) => `/${tenant}/${HOME_PATH}`,
  build: (tenant: string, id: string) => `/${tenant}/instances/build/${encodeURIComponent(id)}`,
  edit: (tenant: string, id: string) => `/${tenant}/instances/edit/${encodeURIComponent(id)}`,
  attendance: (tenant: string) => `/${tenant}/chat/attendance`,
};
