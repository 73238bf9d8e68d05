import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '../../shared/domain/initials';

/**
 * A person's round avatar: their photo, or the initials every screen shows for that name
 * (`initialsOf`, the ticket list's too). Without a color, the color follows the name.
 */
export function NameAvatar({ name, color = 'initials', ...props }: { name: string } & Omit<AvatarProps, 'name' | 'children' | 'alt'>) {
  return (
    <Avatar name={name} color={color} radius="xl" alt="" {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
