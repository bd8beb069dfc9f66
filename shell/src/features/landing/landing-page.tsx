import { navigate, useBrand, useT } from '@lending/platform';
import {
  Box,
  Button,
  Container,
  Grid,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { percentOf, usePublishedFigures } from '../company/use-published-figures';

const FACTS = ['amount', 'tenure', 'approval', 'rate'] as const;
const STEPS = ['apply', 'verify', 'sign', 'receive'] as const;

/** The rate card's figure: the lowest rate the lender publishes now, or a state saying it is not
 *  known yet (the page is built without it and never shows a number it cannot vouch for). */
function useRateValue(): { text: string; busy: boolean } {
  const { t } = useT('shell');
  const { figures, failed } = usePublishedFigures();
  if (figures) {
    const { securedAnnualRateBp, unsecuredAnnualRateBp } = figures.rates;
    const rate = percentOf(Math.min(securedAnnualRateBp, unsecuredAnnualRateBp));
    return { text: t('landing.facts.rate.value', { rate }), busy: false };
  }
  if (failed) return { text: t('landing.facts.rate.unavailable'), busy: false };
  return { text: t('landing.facts.rate.loading'), busy: true };
}

export function LandingPage() {
  const { t } = useT('shell');
  const brand = useBrand();
  const rate = useRateValue();
  return (
    <Box>
      <Box bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW="7xl" px={{ base: 4, md: 8 }} py={{ base: 8, md: 16 }}>
          <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={10} alignItems="center">
            <Stack gap={5}>
              <Heading
                as="h1"
                size={{ base: '2xl', md: '4xl' }}
                color="brand.primary"
                lineHeight="short"
              >
                {t('landing.title')}
              </Heading>
              <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.700">
                {t('landing.lead')}
              </Text>
              <HStack gap={3} wrap="wrap">
                <Button asChild size="lg" colorPalette="brand" _hover={{ opacity: 0.9 }}>
                  <RouterLink to="/registration">{t('landing.applyNow')}</RouterLink>
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  color="brand.primary"
                  borderColor="brand.primary"
                  onClick={() => navigate('/?showLogin=true')}
                >
                  {t('landing.login')}
                </Button>
              </HStack>
            </Stack>
            <Box display={{ base: 'none', md: 'block' }}>
              <img
                src={brand.images.hero}
                alt=""
                style={{ width: '100%', maxHeight: 360, objectFit: 'contain' }}
              />
            </Box>
          </Grid>
        </Container>
      </Box>
      <Container maxW="7xl" px={{ base: 4, md: 8 }} py={{ base: 8, md: 12 }}>
        <Heading as="h2" size="xl" color="brand.primary" mb={6}>
          {t('landing.factsHeading')}
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap={4} mb={12}>
          {FACTS.map((fact) => (
            <Box key={fact} bg="white" borderRadius="lg" p={5} boxShadow="statusCard">
              <Text as="dt" fontSize="sm" color="gray.600">
                {t(`landing.facts.${fact}.label`)}
              </Text>
              <Text
                as="dd"
                m={0}
                fontSize={{ base: 'lg', md: 'xl' }}
                fontWeight="bold"
                color="brand.primary"
                aria-busy={fact === 'rate' && rate.busy ? true : undefined}
                data-testid={`landing-fact-${fact}`}
              >
                {fact === 'rate' ? rate.text : t(`landing.facts.${fact}.value`)}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Heading as="h2" size="xl" color="brand.primary" mb={6}>
          {t('landing.stepsHeading')}
        </Heading>
        <SimpleGrid
          as="ol"
          columns={{ base: 1, md: 2, lg: 4 }}
          gap={4}
          mb={12}
          listStyleType="none"
          p={0}
        >
          {STEPS.map((step, index) => (
            <Box
              as="li"
              key={step}
              bg="white"
              borderRadius="lg"
              p={5}
              borderWidth="1px"
              borderColor="gray.200"
            >
              <Text fontSize="sm" fontWeight="bold" color="brand.accentText">
                {index + 1}
              </Text>
              <Heading as="h3" size="md" mb={2}>
                {t(`landing.steps.${step}.title`)}
              </Heading>
              <Text color="gray.700">{t(`landing.steps.${step}.body`)}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Heading as="h2" size="xl" color="brand.primary" mb={3}>
          {t('landing.whoHeading')}
        </Heading>
        <Text color="gray.700" maxW="3xl">
          {t('landing.who')}
        </Text>
      </Container>
    </Box>
  );
}
