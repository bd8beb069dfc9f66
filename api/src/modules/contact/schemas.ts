import type { ContactMessageRequest, ContactMessageResponse } from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const ContactMessageBodySchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.String({ format: 'email', maxLength: 254 }),
  comments: Type.String({
    minLength: 1,
    maxLength: 2000,
    // The spec's own wording (section 5), shown to the user as it is.
    'x-sentences': { required: 'Comments cannot be empty', minLength: 'Comments cannot be empty' },
  }),
  language: StringEnum(['EN', 'MS']),
});

export const ContactMessageCreatedSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  createdAt: Type.String({ format: 'date-time' }),
});

const _sameRequest: Same<Static<typeof ContactMessageBodySchema>, ContactMessageRequest> = true;
const _sameResponse: Same<
  Static<typeof ContactMessageCreatedSchema>,
  ContactMessageResponse
> = true;
