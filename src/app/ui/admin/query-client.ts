import { QueryClient } from '@tanstack/react-query';
import { GraphqlRequestError } from '../../api/request-error';

/** Refused answers (validation, permission, sign-in) do not get better by asking again. */
const retryable = (error: unknown): boolean =>
  !(error instanceof GraphqlRequestError) || error.kind === 'network' || error.kind === 'other';

/**
 * The react-query client of the signed-in screens (DESIGN §5a). One per tab, so tenant changes
 * heard on the socket can invalidate any screen's data; emptied at sign-out so the next user
 * never sees the previous one's lists.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) => failures < 2 && retryable(error),
      // The socket's tenant changes keep lists current; focus alone is no reason to read again.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
