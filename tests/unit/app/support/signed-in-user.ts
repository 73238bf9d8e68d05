import type { SignedInUser } from '../../../../src/app/state/session';

/** A signed-in administrator with no department or connection, for tests of the session's plumbing. */
export const signedInAdmin = (overrides: Partial<SignedInUser> = {}): SignedInUser => ({
  id: '1',
  email: 'admin@demo.local',
  name: 'Admin',
  image: null,
  username: null,
  twofactor_activity: false,
  role: { id: '1', name: 'administrador', display_name: 'Administrador', has_permission_routes: [] },
  userDepartment: null,
  userInstances: [],
  ...overrides,
});
