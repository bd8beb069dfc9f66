import type { StaffActionVerdict } from '@lending/domain';
import { useT } from '@lending/platform';
import { Heading, Stack, Text } from '@lending/ui';
import type { ReactNode } from 'react';

export { displayDate } from '../books/format';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2} as="section" aria-label={title}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function Refusal({ verdict }: { verdict: StaffActionVerdict }) {
  const { t } = useT('admin-collections');
  if (verdict.allowed) return null;
  return (
    <Text fontSize="sm" color="gray.700">
      {t(`work.refusals.${verdict.reason}`)}
    </Text>
  );
}
