import type { CollectionWorkView } from '@lending/contracts';
import { useT } from '@lending/platform';
import { loadStatusOf, useServerQuery } from '@lending/platform/query';
import { Button, ErrorNotice, Field, LoadStatus, NativeSelect, Stack, Text } from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { useAction } from '../app/use-action';
import { caseWorkApi } from './case-work-api';
import { Refusal } from './case-work-parts';

/** Who works the case: any officer the server lists, or the viewer in one click. A viewer who
 *  may not assign is told why, as the server judged it. */
export function CaseOfficerPicker({
  work,
  me,
  reload,
}: {
  work: CollectionWorkView;
  me: string | null;
  reload: () => void;
}) {
  const { t } = useT('admin-collections');
  if (!work.actions.assign.allowed) {
    return (
      <Stack gap={0} data-testid="assign-refused">
        <Text fontSize="sm" fontWeight="semibold">
          {t('work.assignTitle')}
        </Text>
        <Refusal verdict={work.actions.assign} />
      </Stack>
    );
  }
  return <Picker work={work} me={me} reload={reload} />;
}

function Picker({
  work,
  me,
  reload,
}: {
  work: CollectionWorkView;
  me: string | null;
  reload: () => void;
}) {
  const { t } = useT('admin-collections');
  const query = useServerQuery({
    queryKey: ['admin', 'collection-officers'],
    queryFn: caseWorkApi.officers,
  });
  const officers = query.data?.items ?? [];
  // The current officer stands chosen until someone picks another (one no longer listed cannot
  // be chosen again, so the picker then starts empty).
  const [picked, setPicked] = useState<string | null>(null);
  const current = officers.some((officer) => officer.id === work.assignedTo)
    ? (work.assignedTo ?? '')
    : '';
  const chosen = picked ?? current;
  const action = useAction(() => {
    setPicked(null);
    reload();
  });
  const assign = (staffId: string) =>
    void action.run(() => caseWorkApi.assign(work.agreementId, staffId));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) assign(chosen);
  };
  return (
    <Stack gap={2}>
      <LoadStatus
        {...loadStatusOf(query)}
        loadingLabel={t('loading')}
        errorTitle={t('work.officersLoadFailed')}
      />
      {query.data ? (
        <form noValidate onSubmit={submit} aria-label={t('work.assignTitle')}>
          <Stack gap={2} direction={{ base: 'column', md: 'row' }} alignItems={{ md: 'flex-end' }}>
            <Field.Root maxW="sm">
              <Field.Label>{t('work.officer')}</Field.Label>
              <NativeSelect.Root disabled={action.busy}>
                <NativeSelect.Field
                  name="assignedTo"
                  value={chosen}
                  onChange={(e) => setPicked(e.target.value)}
                >
                  <option value="" disabled>
                    {t('work.chooseOfficer')}
                  </option>
                  {officers.map((officer) => (
                    <option key={officer.id} value={officer.id}>
                      {officer.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button
              type="submit"
              size="sm"
              flexShrink={0}
              loading={action.busy}
              disabled={!chosen || chosen === work.assignedTo}
            >
              {t('work.assign')}
            </Button>
          </Stack>
        </form>
      ) : null}
      {me && work.assignedTo !== me ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          disabled={action.busy}
          onClick={() => assign(me)}
        >
          {t('work.assignToMe')}
        </Button>
      ) : null}
      {action.failure ? (
        <ErrorNotice title={t('work.assignFailed')} description={action.failure} />
      ) : null}
    </Stack>
  );
}
