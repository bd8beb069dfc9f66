import {
  CONTACT_CLOSE_NOTE_MAX_LENGTH,
  CONTACT_INBOX_MAX_PAGE_SIZE,
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_REPLY_MAX_LENGTH,
  type ContactAnswerRequest,
  type ContactAssignRequest,
  type ContactCloseRequest,
  type ContactInboxPage,
  type ContactInboxQuery,
  type ContactMessageDetail,
  type ContactMessageRequest,
  type ContactMessageResponse,
  TENANTS,
} from '@lending/contracts';
import { CONTACT_MESSAGE_STATUSES } from '@lending/domain';
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
  referenceNo: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const Uuid = Type.String({ format: 'uuid' });
const Time = Type.String({ format: 'date-time' });
const Language = StringEnum(['EN', 'MS']);
const Status = StringEnum(CONTACT_MESSAGE_STATUSES);
const StaffMember = Type.Object({ id: Type.String(), name: Type.String() });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const ContactMessageParams = Type.Object({ messageId: Uuid });
export const ContactReplyParams = Type.Object({ messageId: Uuid, replyId: Uuid });

export const ContactInboxQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: CONTACT_INBOX_MAX_PAGE_SIZE,
      default: CONTACT_INBOX_PAGE_SIZE,
    }),
    status: Type.Optional(StringEnum([...CONTACT_MESSAGE_STATUSES, 'OPEN'])),
    assignee: Type.Optional(
      Type.String({
        pattern:
          '^(me|none|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
        description: '`me`, `none` (nobody holds it) or a staff member’s id',
      }),
    ),
    tenant: Type.Optional(StringEnum(TENANTS)),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Part of the sender’s name or email, or a whole reference number',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ContactInboxQueryInput = Static<typeof ContactInboxQuerySchema>;

const Item = {
  id: Uuid,
  referenceNo: Type.String(),
  tenant: StringEnum(TENANTS),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  language: Language,
  status: Status,
  assignee: Type.Union([StaffMember, Type.Null()]),
  createdAt: Time,
  updatedAt: Time,
};

export const ContactInboxPageSchema = Type.Object({
  data: Type.Array(
    Type.Object({ ...Item, excerpt: Type.String(), replies: Type.Integer({ minimum: 0 }) }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  assignees: Type.Array(StaffMember),
});

export const ContactMessageDetailSchema = Type.Object({
  ...Item,
  comments: Type.String(),
  version: Type.Integer(),
  closedAt: Type.Union([Time, Type.Null()]),
  replies: Type.Array(
    Type.Object({
      id: Uuid,
      body: Type.String(),
      language: Language,
      author: Type.Union([StaffMember, Type.Null()]),
      createdAt: Time,
      emailedAt: Type.Union([Time, Type.Null()]),
    }),
  ),
  assignees: Type.Array(StaffMember),
  actions: Type.Object({ assign: Type.Boolean(), answer: Type.Boolean(), close: Type.Boolean() }),
});

export const ContactAssignSchema = Type.Object(
  { version: Version, staffId: Uuid },
  { additionalProperties: false },
);

export const ContactAnswerSchema = Type.Object(
  {
    version: Version,
    body: Type.String({
      minLength: 1,
      maxLength: CONTACT_REPLY_MAX_LENGTH,
      'x-sentences': { required: 'Write the answer', minLength: 'Write the answer' },
    }),
  },
  { additionalProperties: false },
);

export const ContactCloseSchema = Type.Object(
  {
    version: Version,
    note: Type.Optional(Type.String({ maxLength: CONTACT_CLOSE_NOTE_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

const _sameRequest: Same<Static<typeof ContactMessageBodySchema>, ContactMessageRequest> = true;
const _sameResponse: Same<
  Static<typeof ContactMessageCreatedSchema>,
  ContactMessageResponse
> = true;
const _samePage: Same<Static<typeof ContactInboxPageSchema>, ContactInboxPage> = true;
const _sameDetail: Same<Static<typeof ContactMessageDetailSchema>, ContactMessageDetail> = true;
const _sameQuery: Same<Partial<ContactInboxQueryInput>, ContactInboxQuery> = true;
const _sameAssign: Same<Static<typeof ContactAssignSchema>, ContactAssignRequest> = true;
const _sameAnswer: Same<Static<typeof ContactAnswerSchema>, ContactAnswerRequest> = true;
const _sameClose: Same<Static<typeof ContactCloseSchema>, ContactCloseRequest> = true;
