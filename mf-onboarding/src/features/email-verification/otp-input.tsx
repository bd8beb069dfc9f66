import { HStack, Input } from '@lending/ui';
import { useRef } from 'react';

export const OTP_LENGTH = 6;

/**
 * Six one-digit boxes: typing moves on, Backspace moves back, a pasted code fills them all.
 * Each box is labelled for screen readers ("Digit 1 of 6").
 */
export function OtpInput(props: {
  value: string;
  onChange: (value: string) => void;
  digitLabel: (index: number) => string;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => props.value[i] ?? '');

  const setAt = (index: number, typed: string) => {
    const clean = typed.replace(/\D/g, '');
    if (clean.length > 1) {
      // A pasted or auto-filled code.
      const code = clean.slice(0, OTP_LENGTH);
      props.onChange(code);
      boxes.current[Math.min(code.length, OTP_LENGTH - 1)]?.focus();
      return;
    }
    const next = digits.slice();
    next[index] = clean;
    props.onChange(next.join('').slice(0, OTP_LENGTH));
    if (clean && index < OTP_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  return (
    <HStack gap={{ base: 1, sm: 2 }} role="group">
      {digits.map((digit, index) => (
        <Input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => setAt(index, event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !digit && index > 0) {
              boxes.current[index - 1]?.focus();
            }
          }}
          aria-label={props.digitLabel(index + 1)}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          disabled={props.disabled}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={OTP_LENGTH}
          textAlign="center"
          fontSize="xl"
          width={{ base: '2.6rem', sm: '3rem' }}
          px="0"
        />
      ))}
    </HStack>
  );
}
