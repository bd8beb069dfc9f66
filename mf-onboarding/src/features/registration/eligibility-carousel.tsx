import { useBrand, useT } from '@lending/platform';
import { Box, Button, HStack, Image, Stack, Text } from '@lending/ui';
import { useEffect, useState } from 'react';

const SLIDES = [
  { key: 'age', image: 'eligibilityAge' },
  { key: 'business', image: 'eligibilityBusiness' },
  { key: 'turnover', image: 'eligibilityTurnover' },
  { key: 'income', image: 'eligibilityIncome' },
] as const;

export const SLIDE_INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/**
 * The four eligibility requirements, fading one into the next. It pauses on demand, on hover
 * and on focus, and does not move at all for people who asked for reduced motion.
 */
export function EligibilityCarousel() {
  const { t } = useT('onboarding-registration');
  const brand = useBrand();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = prefersReducedMotion();

  useEffect(() => {
    if (paused || hovered) return undefined;
    const timer = window.setInterval(
      () => setIndex((current) => (current + 1) % SLIDES.length),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [paused, hovered]);

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      position="sticky"
      top="4"
    >
      <Box position="relative" minH="26rem" aria-live={paused ? 'polite' : 'off'}>
        {SLIDES.map((slide, i) => (
          <Stack
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={t('carousel.slide', { index: i + 1, total: SLIDES.length })}
            aria-hidden={i !== index}
            position="absolute"
            inset="0"
            opacity={i === index ? 1 : 0}
            transition={reducedMotion ? undefined : 'opacity 0.8s ease-in-out'}
            gap="4"
            align="center"
            textAlign="center"
          >
            <Image src={brand.images[slide.image]} alt="" maxH="18rem" />
            <Text fontWeight="bold" fontSize="xl">
              {t(`carousel.${slide.key}.title`)}
            </Text>
            <Text>{t(`carousel.${slide.key}.body`)}</Text>
          </Stack>
        ))}
      </Box>
      <HStack justify="center" gap="2" mt="2">
        {SLIDES.map((slide, i) => (
          <Button
            key={slide.key}
            size="xs"
            variant={i === index ? 'solid' : 'outline'}
            borderRadius="full"
            aria-label={t('carousel.goTo', { index: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          >
            {i + 1}
          </Button>
        ))}
        <Button size="xs" variant="ghost" onClick={() => setPaused((p) => !p)}>
          {paused ? t('carousel.play') : t('carousel.pause')}
        </Button>
      </HStack>
    </Box>
  );
}
