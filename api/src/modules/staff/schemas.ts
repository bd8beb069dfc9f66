import { STAFF_ROLES } from '@lending/contracts';
import { Type } from '@sinclair/typebox';

import { PasswordField, StringEnum } from '../../http/schema';

export const StaffIdParams = Type.Object({ staffId: Type.String({ format: 'uuid' }) });

const Roles = Type.Array(StringEnum(STAFF_ROLES), {
  minItems: 1,
  maxItems: STAFF_ROLES.length,
  'x-sentences': { minItems: 'Please choose at least one role' },
});

export const StaffMemberSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.String(),
  roles: Type.Array(StringEnum(STAFF_ROLES)),
  createdAt: Type.String({ format: 'date-time' }),
  disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  passwordSet: Type.Boolean(),
  secondFactorEnrolled: Type.Boolean(),
});

export const StaffListSchema = Type.Object({ items: Type.Array(StaffMemberSchema) });

export const CreateStaffBody = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    'x-sentences': { required: 'Please enter a name', minLength: 'Please enter a name' },
  }),
  email: Type.String({
    minLength: 1,
    maxLength: 254,
    'x-sentences': { required: 'Please enter an email', minLength: 'Please enter an email' },
  }),
  roles: Roles,
});

export const SetRolesBody = Type.Object({ roles: Roles });

export const StaffLoginStepSchema = Type.Union([
  Type.Object({
    step: Type.Literal('ENROL'),
    challengeToken: Type.String(),
    otpauthUrl: Type.String(),
    secret: Type.String(),
  }),
  Type.Object({ step: Type.Literal('CODE'), challengeToken: Type.String() }),
]);

export const SecondFactorBody = Type.Object({
  challengeToken: Type.String({ minLength: 1, maxLength: 2048 }),
  code: Type.Optional(
    Type.String({
      pattern: '^\\s*[0-9]{6}\\s*$',
      'x-sentences': { pattern: 'The code is 6 digits' },
    }),
  ),
  recoveryCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});

export const StaffSignedInSchema = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  recoveryCodes: Type.Union([Type.Array(Type.String()), Type.Null()]),
});

export const LinkTokenBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 512 }) });

export const SetPasswordBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512 }),
  password: PasswordField,
});
