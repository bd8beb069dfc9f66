import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { OtpInput } from './otp-input';

function Entry({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <ChakraProvider value={defaultSystem}>
      <OtpInput
        value={value}
        onChange={setValue}
        digitLabel={(index) => `Digit ${index} of 6`}
        groupLabel="Verification code"
      />
      <output data-testid="value">{value}</output>
    </ChakraProvider>
  );
}

const box = (index: number) => screen.getByRole('textbox', { name: `Digit ${index} of 6` });
const boxes = () => [1, 2, 3, 4, 5, 6].map((index) => (box(index) as HTMLInputElement).value);
const value = () => screen.getByTestId('value').textContent;

describe('the six-box code entry', () => {
  it('takes a code typed from the first box, one digit a box', async () => {
    render(<Entry />);
    await userEvent.click(box(1));
    await userEvent.keyboard('528901');
    expect(boxes()).toEqual(['5', '2', '8', '9', '0', '1']);
    expect(value()).toBe('528901');
  });

  it('takes a code typed again over a wrong one, from the first box', async () => {
    render(<Entry initial="123456" />);
    await userEvent.click(box(1));
    await userEvent.keyboard('528901');
    expect(boxes()).toEqual(['5', '2', '8', '9', '0', '1']);
    expect(value()).toBe('528901');
  });

  it('fills from the first box whichever empty box is typed in', async () => {
    render(<Entry />);
    await userEvent.click(box(4));
    await userEvent.keyboard('73');
    expect(boxes()).toEqual(['7', '3', '', '', '', '']);
    expect(box(3)).toBe(document.activeElement);
  });

  it('fills every box from the first with a pasted code, wherever it is pasted', async () => {
    render(<Entry initial="123456" />);
    await userEvent.click(box(4));
    await userEvent.paste('Code: 987-654');
    expect(boxes()).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(value()).toBe('987654');
  });

  it('replaces one digit in place and keeps the others', async () => {
    render(<Entry initial="123456" />);
    await userEvent.click(box(3));
    await userEvent.keyboard('9');
    expect(value()).toBe('129456');
    expect(box(4)).toBe(document.activeElement);
  });

  it('takes a digit from a phone keyboard that names no key, beside the one in the box', () => {
    render(<Entry initial="123456" />);
    // Android keyboards send no key name: only the box's new text tells what was typed.
    fireEvent.change(box(1), { target: { value: '15' } });
    expect(value()).toBe('523456');
    fireEvent.change(box(2), { target: { value: '72' } });
    expect(value()).toBe('573456');
  });

  it('fills every box from a code the phone offers from its messages', () => {
    render(<Entry initial="12" />);
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(boxes()).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('takes no letters', async () => {
    render(<Entry />);
    await userEvent.click(box(1));
    await userEvent.keyboard('a1b2');
    expect(value()).toBe('12');
  });

  it('goes back a box with Backspace, clearing as it goes', async () => {
    render(<Entry initial="123" />);
    await userEvent.click(box(4));
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('1');
    expect(box(2)).toBe(document.activeElement);
  });

  it('names its group for screen readers', () => {
    render(<Entry />);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeTruthy();
  });
});
