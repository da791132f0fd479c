import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { preferReducedMotion } from '../../test/reduced-motion';
import { AppProviders } from './providers';
import { AppShell } from './app-shell';

// The web app's types know no Node; jest runs this file as a CommonJS module in Node.
declare const __dirname: string;
const fs = jest.requireActual<{ readFileSync(file: string, encoding: 'utf8'): string }>('node:fs');
const path = jest.requireActual<{ resolve(...segments: string[]): string }>('node:path');

/** The page as the server sends it, before any script: the splash drawn by index.html. */
function loadIndexHtmlBody() {
  const html = fs.readFileSync(path.resolve(__dirname, '..', '..', 'index.html'), 'utf8');
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  document.querySelectorAll('script').forEach((script) => script.remove());
}

const splash = () => document.getElementById('splash');

function startApp() {
  const router = createMemoryRouter([{ element: <AppShell />, children: [{ index: true, element: <h1>Home</h1> }] }]);
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
    { container: document.getElementById('root') ?? undefined },
  );
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

/** The splash was painted `ms` ago, before the app's script ran. */
function paintedAgo(ms: number) {
  const startTime = performance.now() - ms;
  Object.defineProperty(performance, 'getEntriesByName', {
    configurable: true,
    value: (name: string) => (name === 'first-contentful-paint' ? [{ startTime }] : []),
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  window.sessionStorage.clear();
  loadIndexHtmlBody();
});
afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(performance, 'getEntriesByName');
});

describe('the splash handed over from index.html', () => {
  it('is in the page before any script, with the word REFLECTIONS', () => {
    expect(splash()).toHaveAttribute('role', 'presentation');
    expect(splash()).toHaveTextContent('REFLECTIONS');
  });

  it('stays 2.5 s from its first paint, fades for 0.5 s, then gives way to the page, once per tab', async () => {
    startApp();
    expect(screen.getAllByText('REFLECTIONS')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Home' })).not.toBeInTheDocument();

    await advance(2499);
    expect(splash()).not.toHaveClass('splash-leaving');
    await advance(1);
    expect(splash()).toHaveClass('splash-leaving');
    await advance(499);
    expect(splash()).toBeInTheDocument();
    await advance(1);
    expect(splash()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('reflections.splash-seen')).toBe('1');
  });

  it('counts the time the JavaScript took to arrive: painted 2 s ago, it fades after 0.5 s more', async () => {
    paintedAgo(2000);
    startApp();
    await advance(499);
    expect(splash()).not.toHaveClass('splash-leaving');
    await advance(1);
    expect(splash()).toHaveClass('splash-leaving');
  });

  it('fades at once when the JavaScript arrived after the 2.5 s', async () => {
    paintedAgo(4000);
    startApp();
    await advance(0);
    expect(splash()).toHaveClass('splash-leaving');
    await advance(500);
    expect(splash()).not.toBeInTheDocument();
  });

  it('is gone at once on a reload in the same tab', async () => {
    window.sessionStorage.setItem('reflections.splash-seen', '1');
    startApp();
    await advance(0);
    expect(splash()).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  describe('under reduced motion', () => {
    preferReducedMotion();

    it('is a still frame for 0.6 s that ends without a fade', async () => {
      startApp();
      await advance(599);
      expect(splash()).toBeInTheDocument();
      await advance(1);
      expect(splash()).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    });
  });
});
