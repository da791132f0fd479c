import { fireEvent, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { renderRoutes } from '../../test/render';
import { useEnterToBegin } from './use-enter-to-begin';

function Screen() {
  useEnterToBegin();
  const { pathname } = useLocation();
  return (
    <div>
      <p data-testid="path">{pathname}</p>
      <label>
        Name <input />
      </label>
      <textarea aria-label="Notes" />
      <select aria-label="Pick">
        <option>One</option>
      </select>
      <button type="button">Press</button>
      <div contentEditable suppressContentEditableWarning aria-label="Editable" role="textbox" />
      <a href="/somewhere">A link</a>
    </div>
  );
}

const start = (path = '/about') => {
  renderRoutes([{ path: '*', element: <Screen /> }], path);
  return () => screen.getByTestId('path').textContent;
};

describe('the Enter key', () => {
  it('goes to /pre-journey from anywhere outside a control', () => {
    const path = start();
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(path()).toBe('/pre-journey');
  });

  it.each([
    ['an input', () => screen.getByLabelText('Name')],
    ['a textarea', () => screen.getByLabelText('Notes')],
    ['a select', () => screen.getByLabelText('Pick')],
    ['a button', () => screen.getByRole('button', { name: 'Press' })],
    ['an editable area', () => screen.getByLabelText('Editable')],
    ['a link', () => screen.getByRole('link', { name: 'A link' })],
  ])('does nothing inside %s', (_what, target) => {
    const path = start();
    fireEvent.keyDown(target(), { key: 'Enter' });
    expect(path()).toBe('/about');
  });

  it.each([['ctrlKey'], ['metaKey'], ['altKey']])('does nothing with %s held', (modifier) => {
    const path = start();
    fireEvent.keyDown(document.body, { key: 'Enter', [modifier]: true });
    expect(path()).toBe('/about');
  });

  it('does nothing on a signed-in screen, where the page background is no way to the journey', () => {
    renderRoutes(
      [{ handle: { signedIn: true }, children: [{ path: '*', element: <Screen /> }] }],
      '/member/ai-journal',
    );
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(screen.getByTestId('path')).toHaveTextContent('/member/ai-journal');
  });

  it('ignores other keys and stays put on /pre-journey', () => {
    const path = start('/pre-journey');
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.keyDown(document.body, { key: 'Enter' });
    expect(path()).toBe('/pre-journey');
  });
});
