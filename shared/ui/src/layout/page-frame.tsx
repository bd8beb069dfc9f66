import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { type Step, StepIndicator } from './step-indicator';

export interface PageFrameProps {
  title: string;
  description?: string;
  steps?: Step[];
  children?: ReactNode;
}

/** A screen's frame: its title, the journey's steps where the spec has them, and its content. */
export function PageFrame({ title, description, steps, children }: PageFrameProps) {
  return (
    <Container maxW="6xl" px={{ base: 4, md: 8 }} py={{ base: 6, md: 10 }}>
      {steps && steps.length > 0 ? <StepIndicator steps={steps} /> : null}
      <Heading
        as="h1"
        size={{ base: 'xl', md: '2xl' }}
        color="brand.primary"
        mb={description ? 2 : 6}
      >
        {title}
      </Heading>
      {description ? (
        <Text color="gray.700" mb={6}>
          {description}
        </Text>
      ) : null}
      <Box>{children}</Box>
    </Container>
  );
}
