import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { Address } from '@lending/contracts';
import type { ReactNode } from 'react';

/** One answer of a summary: its label and value, inside a `dl`. */
export function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
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

export interface SummaryCardProps {
  title: string;
  /** Beside the title, e.g. an "Edit" link. */
  action?: ReactNode;
  children: ReactNode;
  testId: string;
  /** The heading's level in the page; h2 unless the card sits under another heading. */
  headingAs?: 'h2' | 'h3';
}

/** A titled card of answers: the applicant's summary and the staff's view of a file. */
export function SummaryCard({
  title,
  action,
  children,
  testId,
  headingAs = 'h2',
}: SummaryCardProps) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body>
        <Stack direction="row" justify="space-between" align="center" mb={3} gap={3} wrap="wrap">
          <Heading as={headingAs} size="md">
            {title}
          </Heading>
          {action}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** An address on one line: lines, postcode and city, state. */
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
