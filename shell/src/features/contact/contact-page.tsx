import { useBrand, useLanguage, useT } from '@lending/platform';
import { Box, Grid, Heading, Link, PageFrame, Stack, Text } from '@lending/ui';

import { formatMalaysianPhone, useContactNumber } from '../company/use-contact-number';
import { Sections } from '../help/sections';
import { type HelpSection, useHelpContent } from '../help/use-help-content';
import { ContactForm } from './contact-form';

interface Contact {
  title: string;
  lead: string;
  sections: HelpSection[];
}

export function ContactPage() {
  const { t } = useT('shell');
  const brand = useBrand();
  const language = useLanguage();
  const phone = useContactNumber();
  const contact = useHelpContent<Contact>('contact');
  return (
    <PageFrame title={contact.title} description={contact.lead}>
      <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={10}>
        <ContactForm />
        <Stack gap={8}>
          <Box>
            <Heading as="h2" size="lg" color="brand.primary" mb={3}>
              {t('contact.channelsHeading')}
            </Heading>
            <Stack gap={2}>
              <Link
                href={brand.company.messagingUrl}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.link"
                data-testid="messaging-link"
              >
                {t('contact.messaging')}
              </Link>
              <Link href={`mailto:${brand.company.contactEmail}`} color="brand.link">
                {t('contact.emailUs', { email: brand.company.contactEmail })}
              </Link>
              {phone ? (
                <Link href={`tel:${phone}`} color="brand.link">
                  {t('contact.callUs', { phone: formatMalaysianPhone(phone) })}
                </Link>
              ) : null}
              <Text color="gray.700">
                {brand.company.businessHours[language === 'MS' ? 'ms' : 'en']}
              </Text>
            </Stack>
          </Box>
          <Sections sections={contact.sections} />
        </Stack>
      </Grid>
    </PageFrame>
  );
}
