import { useBrand, useLanguage, useT } from '@lending/platform';
import { Box, Flex, HStack, Link, SimpleGrid, Stack, Text } from '@lending/ui';
import { Link as RouterLink } from 'react-router-dom';

import { formatMalaysianPhone, useContactNumber } from '../company/use-contact-number';
import { FOOTER_LINKS } from './menu-items';

const MONTHS: Record<'EN' | 'MS', readonly string[]> = {
  EN: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  MS: [
    'Januari',
    'Februari',
    'Mac',
    'April',
    'Mei',
    'Jun',
    'Julai',
    'Ogos',
    'September',
    'Oktober',
    'November',
    'Disember',
  ],
};

/** "1 July 2025" / "1 Julai 2025", as `Intl` writes a long date for en-MY and ms-MY. Written out
 *  because the footer is on every public page and the first `Intl.DateTimeFormat` a page makes
 *  loads the locale's calendar data: a long task in the middle of hydration. */
export function formatDate(iso: string, language: 'EN' | 'MS'): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTHS[language][(month ?? 1) - 1]} ${year}`;
}

export function Footer() {
  const { t } = useT('shell');
  const brand = useBrand();
  const language = useLanguage();
  const phone = useContactNumber();
  const { company } = brand;
  const year = new Date().getFullYear();

  const external = (href: string, label: string) => (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="brand.footerText"
      textDecoration="underline"
    >
      {label}
      <Box as="span" srOnly>
        {` ${t('footer.opensNewTab')}`}
      </Box>
    </Link>
  );

  return (
    <Box as="footer" bg="brand.primary" color="brand.footerText" mt="auto" data-testid="footer">
      <Box maxW="7xl" mx="auto" px={{ base: 4, md: 8 }} py={{ base: 8, md: 10 }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={8}>
          <Stack gap={1} fontSize="sm">
            <img
              src={brand.logos.white}
              alt={brand.displayName}
              style={{ height: 28, marginBottom: 8, alignSelf: 'flex-start' }}
            />
            <Text fontWeight="bold">{company.legalName}</Text>
            <Text>{t('footer.registration', { registrationNo: company.registrationNo })}</Text>
            <Text data-testid="licence">
              {t('footer.licence', { licenceNo: company.moneylenderLicenceNo })}
            </Text>
            <Text>
              {t('footer.licenceValidity', {
                from: formatDate(company.licenceValidFrom, language),
                to: formatDate(company.licenceValidTo, language),
              })}
            </Text>
          </Stack>
          <Stack gap={1} fontSize="sm">
            <Text fontWeight="bold">{t('footer.address')}</Text>
            <Box as="address" fontStyle="normal">
              {company.addressLines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Box>
            {phone ? (
              <Text data-testid="footer-phone">
                {t('footer.phone')}:{' '}
                <Link href={`tel:${phone}`} color="brand.footerText" textDecoration="underline">
                  {formatMalaysianPhone(phone)}
                </Link>
              </Text>
            ) : null}
            <Text>
              {t('footer.email')}:{' '}
              <Link
                href={`mailto:${company.contactEmail}`}
                color="brand.footerText"
                textDecoration="underline"
              >
                {company.contactEmail}
              </Link>
            </Text>
          </Stack>
          <Stack gap={2} fontSize="sm">
            <Text fontWeight="bold">{t('footer.help')}</Text>
            <Stack as="nav" aria-label={t('footer.help')} gap={1}>
              {FOOTER_LINKS.map((item) => (
                <Link key={item.key} asChild color="brand.footerText" textDecoration="underline">
                  <RouterLink to={item.to}>{t(item.labelKey)}</RouterLink>
                </Link>
              ))}
            </Stack>
            <Text fontWeight="bold" mt={2}>
              {t('footer.follow')}
            </Text>
            <HStack gap={4}>
              {external(company.social.facebook, t('footer.facebook'))}
              {external(company.social.instagram, t('footer.instagram'))}
            </HStack>
          </Stack>
        </SimpleGrid>
        <Flex borderTopWidth="1px" borderColor="whiteAlpha.300" mt={8} pt={4} fontSize="xs">
          <Text data-testid="copyright">
            {t('footer.copyright', {
              year,
              // "Sdn. Bhd." already ends the sentence the line closes with its own full stop.
              legalName: company.legalName.replace(/\.$/, ''),
            })}
          </Text>
        </Flex>
      </Box>
    </Box>
  );
}
