import { Box, Heading, Stack, Text } from '@lending/ui';
import { PageFrame } from '@lending/ui';

import { useHelpContent } from './use-help-content';

interface Faq {
  title: string;
  lead: string;
  groups: { heading: string; items: { question: string; answer: string }[] }[];
}

/** Native disclosure elements: keyboard and screen readers work without any script. */
export function FaqPage() {
  const faq = useHelpContent<Faq>('faq');
  return (
    <PageFrame title={faq.title} description={faq.lead}>
      <Stack gap={10}>
        {faq.groups.map((group) => (
          <Box as="section" key={group.heading}>
            <Heading as="h2" size="lg" color="brand.primary" mb={4}>
              {group.heading}
            </Heading>
            <Stack gap={2}>
              {group.items.map((item) => (
                <Box
                  as="details"
                  key={item.question}
                  bg="white"
                  borderWidth="1px"
                  borderColor="gray.200"
                  borderRadius="md"
                  px={4}
                  py={3}
                  data-testid="faq-item"
                >
                  <Box as="summary" cursor="pointer" fontWeight="semibold" color="gray.900">
                    {item.question}
                  </Box>
                  <Text mt={3} color="gray.800" lineHeight="tall">
                    {item.answer}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </PageFrame>
  );
}
