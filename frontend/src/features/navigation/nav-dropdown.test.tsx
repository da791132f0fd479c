import { act, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render';
import { NavDropdown } from './nav-dropdown';
import { DROPDOWN_CLOSE_DELAY_MS, NAV_ENTRIES, isMenu } from './nav-links';

const discover = NAV_ENTRIES.filter(isMenu).find((entry) => entry.label === 'Discover');
if (!discover) throw new Error('no Discover menu');

const trigger = () => screen.getByRole('button', { name: 'Discover' });
const link = (name: string) => screen.queryByRole('link', { name });

describe('NavDropdown', () => {
  afterEach(() => jest.useRealTimers());

  it('opens on hover and closes 150 ms after the mouse leaves', () => {
    jest.useFakeTimers();
    renderScreen(<NavDropdown menu={discover} />);
    const root = trigger().parentElement as HTMLElement;

    fireEvent.mouseEnter(root);
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(link('What We Do')).toHaveAttribute('href', '/what-we-do');

    fireEvent.mouseLeave(root);
    act(() => jest.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS - 1));
    expect(link('The Team')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1));
    expect(link('The Team')).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the mouse comes back within the delay', () => {
    jest.useFakeTimers();
    renderScreen(<NavDropdown menu={discover} />);
    const root = trigger().parentElement as HTMLElement;

    fireEvent.mouseEnter(root);
    fireEvent.mouseLeave(root);
    act(() => jest.advanceTimersByTime(100));
    fireEvent.mouseEnter(root);
    act(() => jest.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS * 2));
    expect(link('The Vision')).toBeInTheDocument();
  });

  it('works by keyboard: arrows open and move, Escape closes and returns focus', () => {
    renderScreen(<NavDropdown menu={discover} />);

    act(() => trigger().focus());
    fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    expect(link('What We Do')).toHaveFocus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(link('The Team')).toHaveFocus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    expect(link('The Vision')).toHaveFocus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(link('The Vision')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
  });

  it('toggles on a keyboard click (Enter or Space on the button)', () => {
    renderScreen(<NavDropdown menu={discover} />);
    fireEvent.click(trigger(), { detail: 0 });
    expect(link('The Shop')).toBeInTheDocument();
    fireEvent.click(trigger(), { detail: 0 });
    expect(link('The Shop')).not.toBeInTheDocument();
  });
});
