import { Box, Heading, Stack, Text } from '@lending/ui';

import type { HelpSection } from './use-help-content';

export function Sections({
  sections,
  level = 'h2',
}: {
  sections: HelpSection[];
  level?: 'h2' | 'h3';
}) {
  return (
    <Stack gap={8}>
      {sections.map((section) => (
        <Box as="section" key={section.heading}>
          <Heading as={level} size={level === 'h2' ? 'lg' : 'md'} color="brand.primary" mb={3}>
            {section.heading}
          </Heading>
          <Stack gap={3}>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} color="gray.800" lineHeight="tall">
                {paragraph}
              </Text>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
