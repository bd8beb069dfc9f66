import { HStack, Input } from '@chakra-ui/react';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';

export const OTP_LENGTH = 6;

export interface OtpInputProps {
  /** The digits typed so far, from the first box: never a gap before a digit. */
  value: string;
  onChange: (value: string) => void;
  /** Each box's name for screen readers ("Digit 1 of 6"). */
  digitLabel: (index: number) => string;
  /** The group's name ("Verification code"). */
  groupLabel: string;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Six one-digit boxes over one code. The code always fills from the first box: a digit typed in
 * a box past the last one filled goes to the first empty box, a digit typed over another replaces
 * it, and a pasted or auto-filled code fills every box from the first, wherever it lands.
 * Backspace clears the box (or, in an empty box, the one before) and the arrows move between
 * boxes. Hand-written: Chakra's PinInput keeps one value per box, so a box can sit empty between
 * two digits and a code typed again over a wrong one is merged with it.
 */
export function OtpInput(props: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const code = digitsOf(props.value).slice(0, OTP_LENGTH);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => code[i] ?? '');

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, OTP_LENGTH - 1))];
    box?.focus();
    // A box entered holds its digit selected, so the next key replaces it.
    box?.select();
  };

  const fill = (text: string) => {
    const next = digitsOf(text).slice(0, OTP_LENGTH);
    props.onChange(next);
    focusBox(next.length);
  };

  const typeAt = (index: number, raw: string) => {
    const old = digits[index] ?? '';
    if (digitsOf(raw).length >= OTP_LENGTH) {
      fill(raw);
      return;
    }
    // What the key added beside the digit already in the box (the caret may sit on either side).
    const added =
      old && raw.length > 1
        ? raw.startsWith(old)
          ? raw.slice(old.length)
          : raw.endsWith(old)
            ? raw.slice(0, -old.length)
            : raw
        : raw;
    const typed = digitsOf(added);
    if (raw === '') {
      if (old) props.onChange(code.slice(0, index) + code.slice(index + 1));
    } else if (typed.length > 1) {
      fill(typed);
    } else if (typed) {
      putDigit(index, typed);
    }
  };

  const putDigit = (index: number, digit: string) => {
    const at = Math.min(index, code.length);
    props.onChange((code.slice(0, at) + digit + code.slice(at + 1)).slice(0, OTP_LENGTH));
    focusBox(at + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const plainKey = !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plainKey && /^\d$/.test(event.key)) {
      // A digit typed over the same digit changes nothing in the box, so no change event would
      // come and the caret would stay: the key itself is the digit.
      event.preventDefault();
      putDigit(index, event.key);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) {
        props.onChange(code.slice(0, index) + code.slice(index + 1));
        focusBox(index);
      } else if (code.length > 0) {
        props.onChange(code.slice(0, -1));
        focusBox(code.length - 1);
      }
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < code.length) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (digitsOf(event.clipboardData.getData('text'))) fill(event.clipboardData.getData('text'));
  };

  return (
    <HStack gap={{ base: 1, sm: 2 }} role="group" aria-label={props.groupLabel}>
      {digits.map((digit, index) => (
        <Input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          value={digit}
          onChange={(event) => typeAt(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={onPaste}
          onFocus={(event) => event.target.select()}
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
