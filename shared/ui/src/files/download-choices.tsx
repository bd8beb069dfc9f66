import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

export interface DownloadChoice<Key extends string> {
  key: Key;
  label: string;
  /** A fuller name for screen readers, where the button's label leans on the row around it. */
  ariaLabel?: string;
}

export interface DownloadChoicesProps<Key extends string> {
  choices: readonly DownloadChoice<Key>[];
  /** Fetches and saves the chosen file; a rejection shows `failedText`. */
  download: (key: Key) => Promise<void>;
  loadingText: string;
  failedText: string;
  /** Stacked on a phone when the labels are long. */
  stackOnPhone?: boolean;
}

/**
 * A row of downloads of one document (its languages or formats): one at a time, the one in
 * progress says so, and a failure is said in words (a blob answer carries no readable reason).
 */
export function DownloadChoices<Key extends string>({
  choices,
  download,
  loadingText,
  failedText,
  stackOnPhone = false,
}: DownloadChoicesProps<Key>) {
  const [busy, setBusy] = useState<Key | null>(null);
  const [failed, setFailed] = useState(false);
  async function fetchOne(key: Key) {
    setBusy(key);
    setFailed(false);
    try {
      await download(key);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap={1}>
      <Stack direction={stackOnPhone ? { base: 'column', sm: 'row' } : 'row'} gap={2} wrap="wrap">
        {choices.map((choice) => (
          <Button
            key={choice.key}
            size="sm"
            variant="outline"
            loading={busy === choice.key}
            loadingText={loadingText}
            disabled={busy !== null && busy !== choice.key}
            aria-label={choice.ariaLabel}
            onClick={() => void fetchOne(choice.key)}
          >
            {choice.label}
          </Button>
        ))}
      </Stack>
      {failed ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {failedText}
        </Text>
      ) : null}
    </Stack>
  );
}
