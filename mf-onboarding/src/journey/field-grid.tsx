import { SimpleGrid } from '@lending/ui';
import type { ReactNode } from 'react';

/** The application forms' fields: one column on a phone, two from md up. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
      {children}
    </SimpleGrid>
  );
}
