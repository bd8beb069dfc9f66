import { ageOn, parseNric } from '@lending/domain';
import { SimpleGrid, Stack, Text } from '@lending/ui';

import { useFormT } from '../../journey/use-form-t';

/** Birth date, gender and age read live from a MyKad number, shown as the applicant types. */
export function NricDerived({ nric, today = new Date() }: { nric: string; today?: Date }) {
  const t = useFormT();
  const parsed = parseNric(nric, today);
  if (!parsed.ok) return null;
  const { birthDate, gender } = parsed.nric;
  return (
    <Stack gap={1} aria-live="polite" data-testid="nric-derived">
      <Text fontSize="sm" color="gray.600">
        {t('common.derivedFromNric')}
      </Text>
      <SimpleGrid as="dl" columns={{ base: 1, md: 3 }} gap={2}>
        <div>
          <Text as="dt" fontWeight="bold">
            {t('labels.dateOfBirth')}
          </Text>
          <Text as="dd">{birthDate}</Text>
        </div>
        <div>
          <Text as="dt" fontWeight="bold">
            {t('labels.gender')}
          </Text>
          <Text as="dd">{t(`genders.${gender}`)}</Text>
        </div>
        <div>
          <Text as="dt" fontWeight="bold">
            {t('labels.age')}
          </Text>
          <Text as="dd">{ageOn(birthDate, today)}</Text>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
