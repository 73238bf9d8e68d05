import { Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { signOut } from '../../api/auth-operations';
import { sessionState } from '../../state/session';
import { Icon } from '../icons';
import { NameAvatar } from '../name-avatar';

export function UserMenu({ tenant }: { tenant: string }) {
  const { current } = useSnapshot(sessionState);
  const navigate = useNavigate();
  if (!current) return null;
  const { user } = current;
  const leave = async () => {
    await signOut(tenant);
    await navigate({ to: '/$tenant/login', params: { tenant } });
  };
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Menu do usuário: ${user.name}`}>
          <NameAvatar src={user.image} name={user.name} color="blue" />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text fz="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text fz="xs" truncate>
            {user.role.display_name} · {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={`/${tenant}/user-settings`} leftSection={<Icon name="account" size={16} />}>
          Minha conta
        </Menu.Item>
        <Menu.Item color="red" leftSection={<Icon name="logout" size={16} />} onClick={() => void leave()}>
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
