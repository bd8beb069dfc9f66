import { STAFF_ROLES, type StaffMember, type StaffRole } from '@lending/contracts';
import { serverMessage, useSession, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  LoadStatus,
  PageFrame,
  Stack,
  Text,
} from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { Checkbox } from '@lending/ui/screens';
import { type FormEvent, useEffect, useRef, useState } from 'react';

import { staffIdentity } from '../app/staff-session';
import { errorCodeOf, staffApi } from './staff-api';
import { checkNewStaff, type NewStaffProblem, STAFF_ERROR_KEYS, toggleRole } from './staff-form';

export const STAFF_LIST_KEY = ['staff', 'list'] as const;

function failureText(error: unknown, t: (key: string) => string): string {
  const code = errorCodeOf(error);
  const key = code ? STAFF_ERROR_KEYS[code] : undefined;
  return key ? t(key) : (serverMessage(error) ?? t('staff.errors.general'));
}

function RolePicker({
  legend,
  roles,
  onChange,
  invalid,
  error,
}: {
  legend: string;
  roles: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  invalid?: boolean;
  error?: string | null;
}) {
  const { t } = useT('mf-admin');
  return (
    <Box as="fieldset" aria-invalid={invalid || undefined}>
      <Text as="legend" fontWeight="semibold" mb={2}>
        {legend}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap={3} flexWrap="wrap">
        {STAFF_ROLES.map((role) => (
          <Checkbox.Root
            key={role}
            checked={roles.includes(role)}
            onCheckedChange={() => onChange(toggleRole(roles, role))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t(`roles.${role}`)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {invalid && error ? (
        <Text color="fg.error" mt={1} role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/** The form that opens an account; the member is emailed a link to choose their password. */
export function NewStaffForm({ onCreated }: { onCreated: (member: StaffMember) => void }) {
  const { t } = useT('mf-admin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [problems, setProblems] = useState<NewStaffProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewStaff({ name, email, roles });
    setProblems(found);
    setFailure(null);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const member = await staffApi.create({
        name: name.trim(),
        email: email.trim().toLowerCase(),
        roles,
      });
      setName('');
      setEmail('');
      setRoles([]);
      onCreated(member);
    } catch (error) {
      setFailure(failureText(error, (key) => t(key)));
    } finally {
      setBusy(false);
    }
  };

  const emailProblem = problems.find((p) => p === 'emailRequired' || p === 'emailInvalid');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('staff.create.title')}>
      <Stack gap={4}>
        <Heading as="h2" size="md">
          {t('staff.create.title')}
        </Heading>
        <Field.Root required invalid={problems.includes('nameRequired')}>
          <Field.Label>{t('staff.create.name')}</Field.Label>
          <Input name="name" value={name} onChange={(event) => setName(event.target.value)} />
          <Field.ErrorText>{t('staff.create.nameRequired')}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(emailProblem)}>
          <Field.Label>{t('staff.create.email')}</Field.Label>
          <Input
            name="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field.ErrorText>
            {emailProblem ? t(`staff.create.${emailProblem}`) : null}
          </Field.ErrorText>
        </Field.Root>
        <RolePicker
          legend={t('staff.roles')}
          roles={roles}
          onChange={setRoles}
          invalid={problems.includes('rolesRequired')}
          error={t('staff.create.rolesRequired')}
        />
        <FormSubmit label={t('staff.create.submit')} loading={busy} failure={failure} />
      </Stack>
    </form>
  );
}

/** One member: who, their roles and state, and what an admin can do about them. */
export function StaffCard({
  member,
  isSelf,
  onChanged,
  onNotice,
}: {
  member: StaffMember;
  isSelf: boolean;
  onChanged: (member?: StaffMember) => void;
  onNotice: (text: string) => void;
}) {
  const { t } = useT('mf-admin');
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const disabled = member.disabledAt !== null;

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const act = async (work: () => Promise<StaffMember | void>, notice: string) => {
    setBusy(true);
    setFailure(null);
    try {
      const changed = await work();
      setEditing(false);
      setConfirming(false);
      onNotice(notice);
      onChanged(changed ?? undefined);
    } catch (error) {
      setFailure(failureText(error, (key) => t(key)));
    } finally {
      setBusy(false);
    }
  };

  const status = disabled
    ? t('staff.status.disabled')
    : !member.passwordSet
      ? t('staff.status.invited')
      : t('staff.status.active');

  return (
    <Card.Root data-testid={`staff-${member.email}`} variant="outline">
      <Card.Body>
        <Stack gap={3}>
          <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap={1}>
            <Box minW={0}>
              <Heading as="h3" size="sm">
                {member.name}
                {isSelf ? ` ${t('staff.you')}` : ''}
              </Heading>
              <Text wordBreak="break-all">{member.email}</Text>
            </Box>
            <HStack gap={2} flexWrap="wrap">
              <Badge colorPalette={disabled ? 'red' : member.passwordSet ? 'green' : 'yellow'}>
                {status}
              </Badge>
              <Badge variant="outline">
                {member.secondFactorEnrolled
                  ? t('staff.secondFactor.enrolled')
                  : t('staff.secondFactor.notEnrolled')}
              </Badge>
            </HStack>
          </Stack>
          {editing ? (
            <Stack gap={3}>
              <RolePicker
                legend={t('staff.rolesOf', { name: member.name })}
                roles={roles}
                onChange={setRoles}
                invalid={roles.length === 0}
                error={t('staff.create.rolesRequired')}
              />
              <HStack gap={2} flexWrap="wrap">
                <Button
                  size="sm"
                  loading={busy}
                  disabled={roles.length === 0}
                  onClick={() =>
                    void act(
                      () => staffApi.setRoles(member.id, roles),
                      t('staff.notices.rolesSaved', { name: member.name }),
                    )
                  }
                >
                  {t('staff.actions.saveRoles')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setEditing(false);
                    setRoles(member.roles);
                  }}
                >
                  {t('staff.actions.cancel')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            <HStack gap={2} flexWrap="wrap" aria-label={t('staff.roles')}>
              {member.roles.map((role) => (
                <Badge key={role}>{t(`roles.${role}`)}</Badge>
              ))}
            </HStack>
          )}
          {confirming ? (
            <Alert.Root
              status="warning"
              role="alertdialog"
              aria-labelledby={`confirm-${member.id}`}
            >
              <Alert.Content>
                <Alert.Title id={`confirm-${member.id}`}>
                  {t('staff.confirmDisable.title', { name: member.name })}
                </Alert.Title>
                <Alert.Description>{t('staff.confirmDisable.body')}</Alert.Description>
                <HStack gap={2} mt={3} flexWrap="wrap">
                  <Button
                    ref={confirmRef}
                    size="sm"
                    colorPalette="red"
                    loading={busy}
                    onClick={() =>
                      void act(
                        () => staffApi.disable(member.id),
                        t('staff.notices.disabled', { name: member.name }),
                      )
                    }
                  >
                    {t('staff.confirmDisable.confirm')}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                    {t('staff.actions.cancel')}
                  </Button>
                </HStack>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          {failure ? (
            <Text color="fg.error" role="alert">
              {failure}
            </Text>
          ) : null}
          {!editing && !confirming ? (
            <Stack direction={{ base: 'column', sm: 'row' }} gap={2} flexWrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                {t('staff.actions.editRoles')}
              </Button>
              {disabled ? (
                <Button
                  size="sm"
                  variant="outline"
                  loading={busy}
                  onClick={() =>
                    void act(
                      () => staffApi.enable(member.id),
                      t('staff.notices.enabled', { name: member.name }),
                    )
                  }
                >
                  {t('staff.actions.enable')}
                </Button>
              ) : (
                <>
                  {isSelf ? null : (
                    <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
                      {t('staff.actions.disable')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    loading={busy}
                    onClick={() =>
                      void act(
                        () => staffApi.sendPasswordLink(member.id),
                        t('staff.notices.linkSent', { email: member.email }),
                      )
                    }
                  >
                    {t('staff.actions.sendLink')}
                  </Button>
                </>
              )}
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** `/admin/staff`: the staff accounts, for admins only. */
export function StaffPage() {
  const { t } = useT('mf-admin');
  const { staffAccessToken } = useSession();
  const identity = staffIdentity(staffAccessToken);
  const isAdmin = identity?.roles.includes('ADMIN') ?? false;
  const [notice, setNotice] = useState<string | null>(null);
  const staff = useServerQuery({
    queryKey: STAFF_LIST_KEY,
    queryFn: () => staffApi.list(),
    enabled: isAdmin,
  });
  const status = loadStatusOf(staff);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_LIST_KEY });

  if (!isAdmin) {
    return (
      <PageFrame title={t('screens.staff.title')}>
        <Alert.Root status="warning" role="alert" data-testid="staff-not-allowed">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('staff.notAllowedTitle')}</Alert.Title>
            <Alert.Description>{t('staff.notAllowed')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('screens.staff.title')}>
      <Stack gap={8} maxW="56rem">
        <Box aria-live="polite" data-testid="staff-notice">
          {notice ? (
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Title>{notice}</Alert.Title>
            </Alert.Root>
          ) : null}
        </Box>
        <Stack gap={3}>
          <Heading as="h2" size="md">
            {t('staff.listTitle')}
          </Heading>
          <LoadStatus {...status} />
          {staff.data?.map((member) => (
            <StaffCard
              key={member.id}
              member={member}
              isSelf={member.email === identity?.email}
              onChanged={refresh}
              onNotice={setNotice}
            />
          ))}
        </Stack>
        <NewStaffForm
          onCreated={(member) => {
            setNotice(t('staff.notices.created', { name: member.name, email: member.email }));
            refresh();
          }}
        />
      </Stack>
    </PageFrame>
  );
}
