import { act, render, screen } from '@testing-library/react';
import { TypedText } from './typed-text';

// The typed part: the element's own text, without the hidden rest.
const typed = () =>
  Array.from(screen.getByTestId('typed').childNodes)
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('');

const reduceMotion = (reduce: boolean) =>
  jest.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: reduce,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );

describe('TypedText', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('types one character per interval after the start delay, then calls onDone', () => {
    jest.useFakeTimers();
    const onDone = jest.fn();
    render(<TypedText data-testid="typed" text="Hello" msPerChar={80} startDelayMs={400} onDone={onDone} />);
    expect(typed()).toBe('');
    act(() => jest.advanceTimersByTime(400 + 80 * 2));
    expect(typed()).toBe('He');
    act(() => jest.advanceTimersByTime(80 * 3));
    expect(screen.getByText('Hello')).toBe(screen.getByTestId('typed'));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('shows the whole text at once under reduced motion', () => {
    reduceMotion(true);
    const onDone = jest.fn();
    render(<TypedText data-testid="typed" text="Hello" msPerChar={80} onDone={onDone} />);
    expect(typed()).toBe('Hello');
    expect(onDone).toHaveBeenCalled();
  });
});
