import type {
  CollectionAccountDetail,
  CollectionAccountsResponse,
  CollectionLettersResponse,
} from '@lending/contracts';
import { COLLECTION_LETTER_KINDS, COLLECTION_STAGE_VALUES } from '@lending/contracts';
import { MAX_DEFAULT_NOTICE_DAYS, MIN_DEFAULT_NOTICE_DAYS } from '@lending/domain';
import { type Static, Type } from '@sinclair/typebox';

import { type Same, StringEnum } from '../../http/schema';

export const AgreementParamsSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
});

export const LetterParamsSchema = Type.Object({
  letterId: Type.String({ format: 'uuid' }),
});

export const AccountsQuerySchema = Type.Object(
  { stage: Type.Optional(StringEnum(COLLECTION_STAGE_VALUES)) },
  { additionalProperties: false },
);

export const DefaultNoticeBodySchema = Type.Object(
  {
    warningDays: Type.Integer({
      minimum: MIN_DEFAULT_NOTICE_DAYS,
      maximum: MAX_DEFAULT_NOTICE_DAYS,
    }),
  },
  { additionalProperties: false },
);

const IsoDate = Type.String({ format: 'date' });
const Sen = Type.Integer();
const Stage = StringEnum(COLLECTION_STAGE_VALUES);

const LetterSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: StringEnum(COLLECTION_LETTER_KINDS),
  version: Type.Integer(),
  language: StringEnum(['EN', 'MS']),
  issuedOn: IsoDate,
  overdueSen: Sen,
  lateChargesSen: Sen,
  remedyBy: Type.Union([IsoDate, Type.Null()]),
  issuedBy: Type.String(),
  emailedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const summary = {
  agreementId: Type.String({ format: 'uuid' }),
  agreementNo: Type.String(),
  borrowerName: Type.String(),
  stage: Stage,
  daysPastDue: Type.Integer(),
  overdueSen: Sen,
  lateChargesSen: Sen,
  readyForDefault: Type.Boolean(),
  asOf: IsoDate,
  letters: Type.Integer(),
};

export const CollectionAccountsSchema = Type.Object({
  items: Type.Array(Type.Object(summary)),
});

export const CollectionAccountDetailSchema = Type.Object({
  ...summary,
  canIssueDefaultNotice: Type.Boolean(),
  overdueInstalments: Type.Array(
    Type.Object({
      instalmentNo: Type.Integer(),
      dueDate: IsoDate,
      unpaidSen: Sen,
      daysOverdue: Type.Integer(),
    }),
  ),
  items: Type.Array(LetterSchema),
});

export const CollectionLettersSchema = Type.Object({
  agreementId: Type.String({ format: 'uuid' }),
  items: Type.Array(LetterSchema),
});

// The schemas answer exactly the contract's types: a drift fails the typecheck.
const _accounts: Same<Static<typeof CollectionAccountsSchema>, CollectionAccountsResponse> = true;
const _detail: Same<Static<typeof CollectionAccountDetailSchema>, CollectionAccountDetail> = true;
const _letters: Same<Static<typeof CollectionLettersSchema>, CollectionLettersResponse> = true;
void [_accounts, _detail, _letters];
