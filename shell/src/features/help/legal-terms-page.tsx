import { Box, Heading, Link, Stack, Text } from '@lending/ui';
import { PageFrame } from '@lending/ui';
import { useEffect } from 'react';

import { Sections } from './sections';
import { type HelpSection, useHelpContent } from './use-help-content';

interface Legal {
  title: string;
  lead: string;
  lastUpdated: string;
  documents: { id: string; title: string; sections: HelpSection[] }[];
}

export function LegalTermsPage() {
  const legal = useHelpContent<Legal>('legal');
  // The registration form links to one document (`#privacy`); the page renders after the browser
  // looked for that anchor, so it is found here.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return (
    <PageFrame title={legal.title} description={legal.lead}>
      <Text fontSize="sm" color="gray.600" mb={6}>
        {legal.lastUpdated}
      </Text>
      <Box as="nav" mb={10}>
        <Stack as="ul" gap={1} pl={5}>
          {legal.documents.map((document) => (
            <li key={document.id}>
              <Link href={`#${document.id}`} color="brand.link">
                {document.title}
              </Link>
            </li>
          ))}
        </Stack>
      </Box>
      <Stack gap={14}>
        {legal.documents.map((document) => (
          <Box
            as="article"
            key={document.id}
            id={document.id}
            aria-labelledby={`${document.id}-title`}
          >
            <Heading as="h2" id={`${document.id}-title`} size="xl" color="brand.primary" mb={6}>
              {document.title}
            </Heading>
            <Sections sections={document.sections} level="h3" />
          </Box>
        ))}
      </Stack>
    </PageFrame>
  );
}
