import {
  ADMIN_USER_MAX_PAGE_SIZE,
  ADMIN_USER_PAGE_SIZE,
  type AdminUserDetail,
  type AdminUserPage,
  CONSENT_KINDS,
  TENANTS,
} from '@lending/contracts';
import { type Static, Type } from '@sinclair/typebox';

import { PasswordField, type Same, StringEnum } from '../../http/schema';
import { UserDetailsSchema } from '../auth/schemas';

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(
  schema: T,
) => Type.Union([schema, Type.Null()]);
const Text = Nullable(Type.String());
const Moment = Type.String({ format: 'date-time' });

export const UserIdParams = Type.Object({ userId: Type.String({ format: 'uuid' }) });

export const AdminUserQuerySchema = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Name, email, phone number or whole identity card number',
      }),
    ),
    page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: ADMIN_USER_MAX_PAGE_SIZE,
      default: ADMIN_USER_PAGE_SIZE,
    }),
  },
  { additionalProperties: false },
);
export type AdminUserQueryInput = Static<typeof AdminUserQuerySchema>;

export const AdminUserPageSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      tenant: StringEnum(TENANTS),
      firstName: Type.String(),
      email: Type.String(),
      phoneNo: Text,
      applicantName: Text,
      companyName: Text,
      identityCardNo: Text,
      createdAt: Moment,
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const AdminUserDetailSchema = Type.Object({
  user: Type.Object({
    ...UserDetailsSchema.properties,
    tenant: StringEnum(TENANTS),
    acceptMarketingConsent: Type.Boolean(),
  }),
  applicantName: Text,
  companyName: Text,
  identityCardNo: Text,
  applications: Type.Array(
    Type.Object({
      id: Type.String(),
      referenceNo: Type.String(),
      status: Type.String(),
      organizationType: Type.String(),
      requestedAmountSen: Nullable(Type.Integer()),
      createdAt: Moment,
    }),
  ),
  agreements: Type.Array(
    Type.Object({
      id: Type.String(),
      agreementNo: Type.String(),
      applicationId: Type.String(),
      status: Type.String(),
      signedAt: Text,
      createdAt: Moment,
    }),
  ),
  accounts: Type.Array(
    Type.Object({
      agreementId: Type.String(),
      agreementNo: Type.String(),
      accountStatus: Type.String(),
      disbursedOn: Type.String(),
      principalSen: Type.Integer(),
      totalRepayableSen: Type.Integer(),
      outstandingSen: Type.Integer(),
    }),
  ),
  consents: Type.Array(
    Type.Object({
      kind: StringEnum(CONSENT_KINDS),
      given: Type.Boolean(),
      at: Text,
      textVersion: Text,
    }),
  ),
  sessions: Type.Array(
    Type.Object({
      id: Type.String(),
      startedAt: Moment,
      endedAt: Text,
      endReason: Text,
      active: Type.Boolean(),
    }),
  ),
});

const NullableText = (maxLength: number) => Nullable(Type.String({ maxLength }));

export const AdminUpdateUserSchema = Type.Object(
  {
    firstName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    language: Type.Optional(StringEnum(['EN', 'MS'])),
    partnerId: Type.Optional(NullableText(50)),
    allowToApplyNewLoanAfterDateTime: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    tinNumber: Type.Optional(
      Nullable(Type.String({ pattern: '^\\s*[A-Za-z0-9]{1,20}\\s*$|^$', maxLength: 24 })),
    ),
    residentialAddress1: Type.Optional(NullableText(200)),
    residentialAddress2: Type.Optional(NullableText(200)),
    residentialAddress3: Type.Optional(NullableText(200)),
    phoneNo: Type.Optional(
      Type.Unknown({
        description:
          'Refused (400 SIGN_IN_DETAIL_REFUSED): the phone number changes through updateAuthOnly',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AdminUpdateAuthSchema = Type.Object(
  {
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    phoneNo: Type.Optional(
      Type.String({ maxLength: 20, description: 'E.164, e.g. +60123456789: a mobile number' }),
    ),
    password: Type.Optional(PasswordField),
  },
  { additionalProperties: false },
);

// The schemas answer what the contracts promise the screens.
const _samePage: Same<Static<typeof AdminUserPageSchema>, AdminUserPage> = true;
const _sameDetailKeys: Same<keyof Static<typeof AdminUserDetailSchema>, keyof AdminUserDetail> =
  true;
