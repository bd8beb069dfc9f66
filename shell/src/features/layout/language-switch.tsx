import { LANGUAGES, setLanguage, useLanguage, useT } from '@lending/platform';
import { Button, HStack } from '@lending/ui';
import { useLocation } from 'react-router-dom';

import { withQuery } from './with-query';

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useT('shell');
  const language = useLanguage();
  const location = useLocation();
  return (
    <HStack role="group" aria-label={t('language.label')} gap={1}>
      {LANGUAGES.map((option) => {
        const active = option === language;
        // The chosen language is drawn in reverse of the bar it sits on.
        const colors =
          tone === 'dark'
            ? active
              ? { color: 'brand.primary', bg: 'white' }
              : { color: 'white', bg: 'brand.primary' }
            : active
              ? { color: 'white', bg: 'brand.primary' }
              : { color: 'brand.primary', bg: 'white' };
        return (
          <Button
            key={option}
            asChild
            size="sm"
            variant={active ? 'solid' : 'ghost'}
            color={colors.color}
            bg={colors.bg}
            // The same fill on hover (a solid button's own hover would take the brand's fill).
            _hover={{ opacity: 0.85, bg: colors.bg }}
          >
            {/* A link, so the switch works before the app runs; once it runs, in place. */}
            <a
              href={withQuery(location, 'language', option)}
              aria-current={active ? 'true' : undefined}
              lang={option === 'MS' ? 'ms' : 'en'}
              onClick={(event) => {
                event.preventDefault();
                setLanguage(option);
              }}
            >
              {t(`language.${option}`)}
            </a>
          </Button>
        );
      })}
    </HStack>
  );
}
