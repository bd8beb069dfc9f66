import { Box, Checkbox, HStack, Spinner, Text } from '@chakra-ui/react';
import type { CaptchaConfig } from '@lending/contracts';
import { authApi, errorMessage, useLanguage } from '@lending/platform';
import { useEffect, useRef, useState } from 'react';

export interface CaptchaLabels {
  notARobot: string;
  checking: string;
  loading: string;
  unavailable: string;
}

export interface CaptchaBoxProps {
  /** The words of the box, in the page's language. */
  labels: CaptchaLabels;
  /** A token once the person passed the check; null when they have not (or it expired). */
  onChange: (token: string | null) => void;
  /** Bumped by the form after each attempt: a pass works once, so the box resets. */
  resetKey: number;
  invalid: boolean;
  describedBy?: string;
  /** Whether the check is being asked: the form holds its submit until the answer, so a press
   *  between the tick and the pass is not lost. */
  onChecking?: (checking: boolean) => void;
}

declare global {
  interface Window {
    grecaptcha?: {
      render: (element: HTMLElement, options: Record<string, unknown>) => number;
      reset: (id?: number) => void;
    };
    onLendingRecaptchaLoad?: () => void;
  }
}

let configPromise: Promise<CaptchaConfig> | null = null;
function loadConfig(): Promise<CaptchaConfig> {
  configPromise ??= authApi.captchaConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** The bot check of every public form (shell and remotes): the sandbox box to tick locally, Google's widget live. */
export function CaptchaBox({
  labels,
  onChange,
  resetKey,
  invalid,
  describedBy,
  onChecking,
}: CaptchaBoxProps) {
  const [config, setConfig] = useState<CaptchaConfig | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadConfig()
      .then((loaded) => live && setConfig(loaded))
      .catch((error: unknown) => live && setFailure(errorMessage(error)));
    return () => {
      live = false;
    };
  }, []);

  if (failure) {
    return (
      <Text color="red.600" role="alert">
        {labels.unavailable}
      </Text>
    );
  }
  if (!config) {
    return (
      <HStack gap={2} role="status">
        <Spinner size="sm" />
        <Text>{labels.loading}</Text>
      </HStack>
    );
  }
  return config.provider === 'recaptcha-v2' && config.siteKey ? (
    <RecaptchaWidget siteKey={config.siteKey} onChange={onChange} resetKey={resetKey} />
  ) : (
    <SandboxBox
      labels={labels}
      onChange={onChange}
      resetKey={resetKey}
      invalid={invalid}
      describedBy={describedBy}
      onChecking={onChecking}
    />
  );
}

function SandboxBox({
  labels,
  onChange,
  resetKey,
  invalid,
  describedBy,
  onChecking,
}: CaptchaBoxProps) {
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setChecked(false);
    onChange(null);
    // Only a new attempt resets the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  const toggle = async (next: boolean) => {
    setFailure(null);
    if (!next) {
      setChecked(false);
      onChange(null);
      return;
    }
    setBusy(true);
    onChecking?.(true);
    try {
      const token = await authApi.solveSandboxCaptcha();
      setChecked(true);
      onChange(token);
    } catch (error) {
      setFailure(errorMessage(error));
      onChange(null);
    } finally {
      setBusy(false);
      onChecking?.(false);
    }
  };

  return (
    <Box
      borderWidth="1px"
      borderColor={invalid ? 'red.500' : 'gray.300'}
      borderRadius="md"
      px={4}
      py={3}
      bg="gray.50"
      data-testid="captcha"
    >
      <HStack justify="space-between">
        <Checkbox.Root
          checked={checked}
          disabled={busy}
          onCheckedChange={(event) => void toggle(event.checked === true)}
        >
          <Checkbox.HiddenInput
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
          <Checkbox.Control />
          <Checkbox.Label>{labels.notARobot}</Checkbox.Label>
        </Checkbox.Root>
        {busy ? <Spinner size="sm" aria-label={labels.checking} /> : null}
      </HStack>
      {failure ? (
        <Text color="red.600" fontSize="sm" mt={2} role="alert">
          {failure}
        </Text>
      ) : null}
    </Box>
  );
}

function RecaptchaWidget({
  siteKey,
  onChange,
  resetKey,
}: Pick<CaptchaBoxProps, 'onChange' | 'resetKey'> & { siteKey: string }) {
  const language = useLanguage();
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);

  useEffect(() => {
    const render = () => {
      if (!host.current || !window.grecaptcha || widget.current !== null) return;
      widget.current = window.grecaptcha.render(host.current, {
        sitekey: siteKey,
        callback: (token: string) => onChange(token),
        'expired-callback': () => onChange(null),
      });
    };
    if (window.grecaptcha) {
      render();
      return;
    }
    window.onLendingRecaptchaLoad = render;
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=onLendingRecaptchaLoad&render=explicit&hl=${language === 'MS' ? 'ms' : 'en'}`;
    script.async = true;
    document.head.appendChild(script);
  }, [siteKey, language, onChange]);

  useEffect(() => {
    if (widget.current !== null) window.grecaptcha?.reset(widget.current);
    onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  return <div ref={host} />;
}
