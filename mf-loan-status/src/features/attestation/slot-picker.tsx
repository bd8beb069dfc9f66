import type { AttestationSlotView, Language } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Box, Button, Stack, Text } from '@lending/ui';
import { type FormEvent, useState } from 'react';

import { formatDate } from '../../lib/format';

const LOCALES: Record<Language, string> = { EN: 'en-MY', MS: 'ms-MY' };

function timeOf(iso: string, language: Language) {
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeStyle: 'short',
    timeZone: 'Asia/Kuala_Lumpur',
  }).format(new Date(iso));
}

export interface SlotPickerProps {
  slots: AttestationSlotView[];
  language: Language;
  busy: boolean;
  submitLabel: string;
  onPick: (slotId: string) => void;
}

/** Free slots by day (Malaysia time), one radio group, keyboard-operable. */
export function SlotPicker({ slots, language, busy, submitLabel, onPick }: SlotPickerProps) {
  const { t } = useT('mf-loan-status');
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  if (slots.length === 0) {
    return <Text data-testid="no-slots">{t('attestation.call.noSlots')}</Text>;
  }
  const days = new Map<string, AttestationSlotView[]>();
  for (const slot of slots) {
    const day = formatDate(slot.startsAt, language);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setMissing(true);
      return;
    }
    onPick(chosen);
  }
  return (
    <form onSubmit={submit} noValidate data-testid="slot-picker">
      <Box as="fieldset">
        <Text as="legend" fontWeight="semibold">
          {t('attestation.call.pick')}
        </Text>
        <Stack gap={4} mt={3}>
          {[...days.entries()].map(([day, daySlots]) => (
            <Box key={day}>
              <Text fontWeight="medium">{day}</Text>
              <Box display="flex" flexWrap="wrap" gap={3} mt={2}>
                {daySlots.map((slot) => (
                  <Box
                    asChild
                    key={slot.id}
                    display="flex"
                    alignItems="center"
                    gap={2}
                    borderWidth="1px"
                    borderRadius="md"
                    px={3}
                    minH="44px"
                  >
                    <label>
                      <input
                        type="radio"
                        name="slot"
                        value={slot.id}
                        checked={chosen === slot.id}
                        onChange={() => {
                          setChosen(slot.id);
                          setMissing(false);
                        }}
                      />
                      <span>{timeOf(slot.startsAt, language)}</span>
                    </label>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Stack>
      </Box>
      {missing ? (
        <Text role="alert" color="red.600" mt={3}>
          {t('attestation.call.pickFirst')}
        </Text>
      ) : null}
      <Button type="submit" mt={4} loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
