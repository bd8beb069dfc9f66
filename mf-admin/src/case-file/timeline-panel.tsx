import type { CaseFile, StaffRef } from '@lending/contracts';
import { useLanguage, useT } from '@lending/platform';
import { Box, Heading, Stack, Text } from '@lending/ui';

import { actorKind, dateTimeText, staffText } from './format';

function useActorText() {
  const { t } = useT('admin-case-file');
  return (actor: string | null, staff: StaffRef | null) =>
    staffText(staff) ?? t(`timeline.actors.${actorKind(actor)}`);
}

/** How the application moved, and every audited action on it, oldest first. */
export function TimelinePanel({ file }: { file: CaseFile }) {
  const { t } = useT('admin-case-file');
  const language = useLanguage();
  const actorText = useActorText();
  return (
    <Stack gap={6}>
      <Box as="section" aria-labelledby="case-status-history">
        <Heading as="h2" size="md" id="case-status-history" mb={3}>
          {t('timeline.statusHistory')}
        </Heading>
        <Stack as="ol" gap={2} listStyleType="none" m={0} p={0} data-testid="case-status-history">
          {file.statusHistory.map((change, index) => (
            <Box
              as="li"
              key={index}
              borderStartWidth="3px"
              borderColor="brand.secondaryFill"
              ps={3}
            >
              <Text fontWeight="bold">
                {change.from
                  ? t('timeline.moved', {
                      from: t(`statuses.${change.from}`),
                      to: t(`statuses.${change.to}`),
                    })
                  : t(`statuses.${change.to}`)}
              </Text>
              <Text fontSize="sm" color="gray.600">
                {dateTimeText(change.at, language)} · {actorText(change.actor, change.staff)}
              </Text>
              {change.reason ? <Text>{change.reason}</Text> : null}
            </Box>
          ))}
        </Stack>
      </Box>
      <Box as="section" aria-labelledby="case-audit-trail">
        <Heading as="h2" size="md" id="case-audit-trail" mb={3}>
          {t('timeline.auditTrail')}
        </Heading>
        <Stack as="ol" gap={2} listStyleType="none" m={0} p={0} data-testid="case-audit-trail">
          {file.auditTrail.map((entry) => (
            <Box as="li" key={entry.id} borderWidth="1px" borderRadius="md" p={2}>
              <Text fontWeight="medium">
                {t(`timeline.actions.${entry.action.replaceAll('.', '_')}`, {
                  defaultValue: entry.action,
                })}
                {entry.to ? ` → ${t(`statuses.${entry.to}`, { defaultValue: entry.to })}` : ''}
              </Text>
              <Text fontSize="sm" color="gray.600">
                {dateTimeText(entry.at, language)} · {actorText(entry.actor, entry.staff)}
              </Text>
              {entry.reason ? <Text fontSize="sm">{entry.reason}</Text> : null}
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
