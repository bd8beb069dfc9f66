import type { GatewayChannel } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Box, Stack, Text } from '@lending/ui';

const CHANNELS: readonly GatewayChannel[] = ['FPX', 'CARD'];

/** Online banking or card, as radio buttons with a hint each (paying now, settling early). */
export function ChannelChoice({
  value,
  onChange,
  disabled,
}: {
  value: GatewayChannel;
  onChange: (channel: GatewayChannel) => void;
  disabled?: boolean;
}) {
  const { t } = useT('mf-repayment');
  return (
    <Box as="fieldset" border="0" p="0" m="0">
      <Text as="legend" fontWeight="semibold" mb={2}>
        {t('payNow.channel')}
      </Text>
      <Stack gap={2}>
        {CHANNELS.map((option) => (
          <Box
            as="label"
            key={option}
            display="flex"
            alignItems="center"
            gap={3}
            borderWidth="1px"
            borderColor={value === option ? 'brand.secondaryFill' : 'gray.300'}
            borderRadius="md"
            p={3}
            cursor="pointer"
          >
            <input
              type="radio"
              name="channel"
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
            />
            <Stack gap={0}>
              <Text fontWeight="medium">{t(`payNow.channels.${option}`)}</Text>
              <Text fontSize="sm" color="gray.700">
                {t(`payNow.channelHints.${option}`)}
              </Text>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
