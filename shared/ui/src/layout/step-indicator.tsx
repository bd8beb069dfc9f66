import { Box, Flex, Text } from '@chakra-ui/react';
import { useT } from '@lending/platform';

export type StepState = 'done' | 'current' | 'todo';

export interface Step {
  key: string;
  label: string;
  state: StepState;
}

/** The journey's progress (spec section 4: application and agreement steps). */
export function StepIndicator({ steps }: { steps: Step[] }) {
  const { t } = useT('ui');
  return (
    <Box
      as="nav"
      aria-label={t('steps.label')}
      bg="brand.stepsBg"
      color="brand.stepsText"
      borderRadius="md"
      px={4}
      py={3}
      mb={6}
    >
      <Flex as="ol" listStyleType="none" m={0} p={0} gap={{ base: 2, md: 4 }} wrap="wrap">
        {steps.map((step, index) => (
          <Flex
            as="li"
            key={step.key}
            align="center"
            gap={2}
            aria-current={step.state === 'current' ? 'step' : undefined}
            data-state={step.state}
          >
            <Flex
              w={7}
              h={7}
              borderRadius="full"
              align="center"
              justify="center"
              fontSize="sm"
              fontWeight="bold"
              bg={step.state === 'todo' ? 'transparent' : 'brand.secondaryFill'}
              color={step.state === 'todo' ? 'inherit' : 'brand.onSecondaryFill'}
              borderWidth="2px"
              borderColor="brand.secondaryFill"
              aria-hidden="true"
            >
              {step.state === 'done' ? '✓' : index + 1}
            </Flex>
            <Text fontSize="sm" fontWeight={step.state === 'current' ? 'bold' : 'normal'}>
              {step.label}
              <Box as="span" srOnly>
                {` (${t(`steps.${step.state}`)})`}
              </Box>
            </Text>
          </Flex>
        ))}
      </Flex>
    </Box>
  );
}
