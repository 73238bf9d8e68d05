import { notifications } from '@mantine/notifications';
import { errorNotice } from '../../api/request-error';
import type { GraphqlRequestError } from '../../api/request-error';

/** SPEC §8: every request error the user should see, as a red Mantine notification. */
export function showRequestError(error: GraphqlRequestError): void {
  notifications.show({ color: 'red', ...errorNotice(error) });
}
