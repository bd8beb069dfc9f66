import { Box, Field, Heading, Input, SimpleGrid, Text } from '@lending/ui';
import { useFormikContext } from 'formik';
import { type ReactNode, useEffect } from 'react';

import type { LiveChecks, SetLiveChecks } from './live-checks';
import type { MasterLists } from './use-registration-lists';

/** What a section whose fields the server checks as they are typed receives. */
export interface LiveSectionProps {
  lists: MasterLists;
  live: LiveChecks;
  setLive: SetLiveChecks;
  /** The bot-check pass once ticked: the checks that tell whether an account exists need it. */
  botPass: string | null;
}

/** A titled group of the registration form, two columns wide on larger screens. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
      <Heading as="legend" size="md" px="2">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
        {children}
      </SimpleGrid>
    </Box>
  );
}

/** Shows a field's error as soon as `ready` holds rather than on leaving it, for the rules the
 *  applicant should hear about while typing (age, business age). */
export function useTouchWhen(name: string, ready: boolean) {
  const { setFieldTouched } = useFormikContext();
  useEffect(() => {
    if (ready) void setFieldTouched(name, true, true);
  }, [name, ready, setFieldTouched]);
}

/** A problem only the server can tell, under its field. */
export function LiveError({ id, message }: { id: string; message: string }) {
  return (
    <Text
      id={id}
      color="red.600"
      fontSize="sm"
      role="alert"
      mt="-2"
      tabIndex={-1}
      data-live-error="true"
    >
      {message}
    </Text>
  );
}

export function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>{label}</Field.Label>
      <Input value={value} readOnly variant="subtle" />
    </Field.Root>
  );
}
