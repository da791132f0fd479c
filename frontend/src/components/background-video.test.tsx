import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { preferReducedMotion } from '../../test/reduced-motion';
import { BackgroundVideo, VIDEO_FAILED_TEXT } from './background-video';

let played: number;
let paused: number;

beforeEach(() => {
  played = 0;
  paused = 0;
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
    played += 1;
    return Promise.resolve();
  });
  jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {
    paused += 1;
  });
});

afterEach(() => {
  jest.restoreAllMocks();
});

const videoOf = (container: HTMLElement) => container.querySelector('video') as HTMLVideoElement;

describe('the hero background video', () => {
  it('offers WebM then MP4 with a poster, and plays', async () => {
    const { container } = render(<BackgroundVideo clip="campfire" />);
    const sources = [...videoOf(container).querySelectorAll('source')].map((source) => [
      source.getAttribute('src'),
      source.getAttribute('type'),
    ]);
    expect(sources).toEqual([
      ['/media/campfire.webm', 'video/webm'],
      ['/media/campfire.mp4', 'video/mp4'],
    ]);
    expect(videoOf(container)).toHaveAttribute('poster', '/media/campfire-poster.jpg');
    await waitFor(() => expect(played).toBe(1));
  });

  it('logs one line and shows the text when no source can play', () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(<BackgroundVideo clip="home-hero" />);
    const sources = container.querySelectorAll('source');
    fireEvent.error(sources[0]);
    fireEvent.error(sources[1]);
    expect(screen.getByRole('status')).toHaveTextContent(VIDEO_FAILED_TEXT);
    expect(log.mock.calls).toEqual([['Background video failed to load: /media/home-hero']]);
  });

  it('counts a failure that happened before it was listening', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'networkState', 'get').mockReturnValue(HTMLMediaElement.NETWORK_NO_SOURCE);
    render(<BackgroundVideo clip="home-hero" />);
    expect(screen.getByRole('status')).toHaveTextContent(VIDEO_FAILED_TEXT);
  });

  it('stays paused on its poster, without downloading, when the browser asks to save data', () => {
    Object.defineProperty(navigator, 'connection', {
      configurable: true,
      value: Object.assign(new EventTarget(), { saveData: true }),
    });
    try {
      const { container } = render(<BackgroundVideo clip="home-hero" />);
      expect(videoOf(container)).toHaveAttribute('preload', 'none');
      expect(videoOf(container)).not.toHaveAttribute('autoplay');
      expect(paused).toBe(1);
      expect(played).toBe(0);
    } finally {
      Reflect.deleteProperty(navigator, 'connection');
    }
  });
});

describe('the hero background video under reduced motion', () => {
  preferReducedMotion();

  it('stays paused on its poster', () => {
    const { container } = render(<BackgroundVideo clip="campfire" />);
    expect(videoOf(container)).not.toHaveAttribute('autoplay');
    expect(paused).toBe(1);
    expect(played).toBe(0);
  });
});
