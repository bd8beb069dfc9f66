import { LANGUAGES, setLanguage, useLanguage, useT } from '@lending/platform';
import { Button, HStack } from '@lending/ui';

export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useT('shell');
  const language = useLanguage();
  return (
    <HStack role="group" aria-label={t('language.label')} gap={1}>
      {LANGUAGES.map((option) => {
        const active = option === language;
        return (
          <Button
            key={option}
            size="sm"
            variant={active ? 'solid' : 'ghost'}
            aria-pressed={active}
            lang={option === 'MS' ? 'ms' : 'en'}
            onClick={() => setLanguage(option)}
            color={
              tone === 'dark'
                ? active
                  ? 'brand.primary'
                  : 'white'
                : active
                  ? 'white'
                  : 'brand.primary'
            }
            bg={
              tone === 'dark'
                ? active
                  ? 'white'
                  : 'transparent'
                : active
                  ? 'brand.primary'
                  : 'transparent'
            }
            _hover={{ opacity: 0.85 }}
          >
            {t(`language.${option}`)}
          </Button>
        );
      })}
    </HStack>
  );
}
