import type {
  MutationCreateRoleArgs,
  MutationCreateUserDepartmentArgs,
  MutationDeleteUserDepartmentArgs,
  MutationNewUserArgs,
  MutationUpdateRoleArgs,
  MutationUpdateUserArgs,
  MutationUpdateUserDepartmentArgs,
  QueryUsersArgs,
  Role,
  User,
  UserDepartment,
  UsersPage,
} from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';

/** The GraphQL operations of team administration (team.graphql), one typed document each. */

const USER_FIELDS = `id name email username image photo last_seen_at state blocked_at twofactor_activity open_tickets
  role { id name display_name }
  userDepartment { id name activated }
  userInstances { id instance_id name }`;

export type TeamUser = Pick<
  User,
  'id' | 'name' | 'email' | 'username' | 'image' | 'photo' | 'last_seen_at' | 'state' | 'blocked_at' | 'twofactor_activity' | 'open_tickets' | 'userInstances'
> & { role: Pick<Role, 'id' | 'name' | 'display_name'>; userDepartment?: Pick<UserDepartment, 'id' | 'name' | 'activated'> | null };

export const USERS = gqlOperation<{ users: Omit<UsersPage, 'items'> & { items: TeamUser[] } }, QueryUsersArgs>(
  `query TeamUsers($filters: UserFilters, $pagination_page: Int, $pagination_limit: Int) {
    users(filters: $filters, pagination_page: $pagination_page, pagination_limit: $pagination_limit) { total total_pages items { ${USER_FIELDS} } }
  }`,
);

export const NEW_USER = gqlOperation<{ newUser: { id: string } }, MutationNewUserArgs>(
  `mutation NewUser($username: String, $name: String!, $email: String!, $password: String!, $role_id: ID!, $user_department_id: ID, $chosen_instances: [ID!]) {
    newUser(username: $username, name: $name, email: $email, password: $password, role_id: $role_id, user_department_id: $user_department_id, chosen_instances: $chosen_instances) { id }
  }`,
);

export const UPDATE_USER = gqlOperation<{ updateUser: { id: string } }, MutationUpdateUserArgs>(
  `mutation UpdateUser($id: ID!, $username: String, $name: String, $email: String, $password: String, $role_id: ID, $user_department_id: ID, $chosen_instances: [ID!], $image: String) {
    updateUser(id: $id, username: $username, name: $name, email: $email, password: $password, role_id: $role_id, user_department_id: $user_department_id, chosen_instances: $chosen_instances, image: $image) { id }
  }`,
);

export const DELETE_USER = gqlOperation<{ deleteUser: boolean }, { id: string }>(`mutation DeleteUser($id: ID!) { deleteUser(id: $id) }`);
export const UNBLOCK_USER = gqlOperation<{ unblockUser: boolean }, { user_id: string }>(
  `mutation UnblockUser($user_id: ID!) { unblockUser(user_id: $user_id) }`,
);
export const DISCONNECT_USER = gqlOperation<{ disconnectUser: boolean }, { user_id: string; ip?: string | null }>(
  `mutation DisconnectUser($user_id: ID!, $ip: String) { disconnectUser(user_id: $user_id, ip: $ip) }`,
);
export const RESET_TWO_FACTOR = gqlOperation<{ resetUserTwoFactor: boolean }, { user_id: string }>(
  `mutation ResetUserTwoFactor($user_id: ID!) { resetUserTwoFactor(user_id: $user_id) }`,
);

export type TeamDepartment = Pick<UserDepartment, 'id' | 'name' | 'activated' | 'members' | 'instances' | 'default_of_instances' | 'open_tickets'>;

export const DEPARTMENTS = gqlOperation<{ userDepartments: TeamDepartment[] }, { search?: string | null; activated?: boolean | null }>(
  `query TeamDepartments($search: String, $activated: Boolean) {
    userDepartments(search: $search, activated: $activated) {
      id name activated open_tickets members { id name } instances { id name } default_of_instances { id name }
    }
  }`,
);
export const CREATE_DEPARTMENT = gqlOperation<{ createUserDepartment: { id: string } }, MutationCreateUserDepartmentArgs>(
  `mutation CreateUserDepartment($name: String!, $activated: Boolean, $instance_ids: [ID!]) {
    createUserDepartment(name: $name, activated: $activated, instance_ids: $instance_ids) { id }
  }`,
);
export const UPDATE_DEPARTMENT = gqlOperation<{ updateUserDepartment: { id: string } }, MutationUpdateUserDepartmentArgs>(
  `mutation UpdateUserDepartment($id: ID!, $name: String, $activated: Boolean, $instance_ids: [ID!], $move_to_department_id: ID) {
    updateUserDepartment(id: $id, name: $name, activated: $activated, instance_ids: $instance_ids, move_to_department_id: $move_to_department_id) { id }
  }`,
);
export const DELETE_DEPARTMENT = gqlOperation<{ deleteUserDepartment: boolean }, MutationDeleteUserDepartmentArgs>(
  `mutation DeleteUserDepartment($id: ID!, $move_to_department_id: ID) { deleteUserDepartment(id: $id, move_to_department_id: $move_to_department_id) }`,
);

export type TeamRole = Pick<Role, 'id' | 'name' | 'display_name' | 'has_permission_routes' | 'users_count' | 'is_admin'>;
const ROLE_FIELDS = 'id name display_name has_permission_routes users_count is_admin';

export const ROLES = gqlOperation<{ roles: TeamRole[] }>(`query TeamRoles { roles { ${ROLE_FIELDS} } }`);
export const ROLE = gqlOperation<{ role: TeamRole }, { id: string }>(`query TeamRole($id: ID!) { role(id: $id) { ${ROLE_FIELDS} } }`);
export const CREATE_ROLE = gqlOperation<{ createRole: { id: string } }, MutationCreateRoleArgs>(
  `mutation CreateRole($name: String, $display_name: String!, $has_permission_routes: [String!]!) {
    createRole(name: $name, display_name: $display_name, has_permission_routes: $has_permission_routes) { id }
  }`,
);
export const UPDATE_ROLE = gqlOperation<{ updateRole: { id: string } }, MutationUpdateRoleArgs>(
  `mutation UpdateRole($id: ID!, $name: String, $display_name: String, $has_permission_routes: [String!]) {
    updateRole(id: $id, name: $name, display_name: $display_name, has_permission_routes: $has_permission_routes) { id }
  }`,
);
export const DELETE_ROLE = gqlOperation<{ deleteRole: boolean }, { id: string }>(`mutation DeleteRole($id: ID!) { deleteRole(id: $id) }`);

/** The connections to choose from (the administrator sees all of the tenant's). */
export const CONNECTIONS = gqlOperation<{ instances: Array<{ id: string; name: string }> }>(`query TeamConnections { instances { id name } }`);
