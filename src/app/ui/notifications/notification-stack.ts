// Its own module, so that importing it lazily leaves the stack's code out of the entry chunk:
// a dynamic import of '@mantine/notifications' itself would bring every export into the chunk
// that already imports `notifications` from it.
export { Notifications } from '@mantine/notifications';
