import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { generateTwoFactorSecret } from '../two-factor';

export const generateQrcode: MutationResolver<'generateQrcode'> = async (_parent, _args, context) =>
  generateTwoFactorSecret(context, requireViewer(context));
