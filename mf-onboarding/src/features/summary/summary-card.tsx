import type { Address } from '@lending/contracts';
import { navigate } from '@lending/platform';
import { Box, Card, Heading, Link, Stack, Text } from '@lending/ui';
import type { ReactNode } from 'react';

import { useFormT } from '../../journey/use-form-t';

/** One answer: its label and value. */
export function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Text as="dd" m={0} fontWeight="medium" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

/** A card of the summary, with its "Edit" link while the application can still change. */
export function SummaryCard(props: {
  title: string;
  editTo?: string;
  editable: boolean;
  children: ReactNode;
  testId: string;
}) {
  const t = useFormT();
  return (
    <Card.Root data-testid={props.testId}>
      <Card.Body>
        <Stack direction="row" justify="space-between" align="center" mb={3}>
          <Heading as="h2" size="md">
            {props.title}
          </Heading>
          {props.editTo && props.editable ? (
            <Link
              href={props.editTo}
              onClick={(event) => {
                event.preventDefault();
                navigate(props.editTo!);
              }}
              aria-label={`${t('common.edit')}: ${props.title}`}
            >
              {t('common.edit')}
            </Link>
          ) : null}
        </Stack>
        {props.children}
      </Card.Body>
    </Card.Root>
  );
}

export function addressText(address: Address): string {
  return [
    address.line1,
    address.line2,
    address.line3,
    `${address.postcode} ${address.cityName}`,
    address.stateName,
  ]
    .filter(Boolean)
    .join(', ');
}
