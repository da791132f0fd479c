import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useReducedMotion } from '../lib/use-reduced-motion';
import { useSaveData } from '../lib/use-save-data';

/** The clips in public/media (made by frontend/scripts/make-hero-videos.sh). */
export type HeroClip = 'home-hero' | 'campfire';

export const VIDEO_FAILED_TEXT = 'Loading background video...';

/**
 * A muted looping video behind a hero, dimmed for legible text. Under reduced motion, or when
 * the browser asks to save data, it stays paused on its poster (and with save-data is not
 * downloaded). If no source can play, the failure is logged once and the text shows.
 */
export function BackgroundVideo({ clip }: { readonly clip: HeroClip }) {
  const reducedMotion = useReducedMotion();
  const saveData = useSaveData();
  const still = reducedMotion || saveData;
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  // Listening on the element, not through React props: a source can fail before React has
  // attached its handlers, so the state already reached is checked as well.
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    const lastSource = element.querySelector('source:last-of-type');
    const fail = () => setFailed(true);
    if (element.error || element.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) fail();
    element.addEventListener('error', fail);
    lastSource?.addEventListener('error', fail);
    return () => {
      element.removeEventListener('error', fail);
      lastSource?.removeEventListener('error', fail);
    };
  }, [clip]);

  useEffect(() => {
    if (failed) console.error(`Background video failed to load: /media/${clip}`);
  }, [failed, clip]);

  useEffect(() => {
    const element = video.current;
    if (!element || failed) return;
    if (still) element.pause();
    // A refused autoplay leaves the poster showing, which is all the hero needs. (Older
    // browsers and jsdom answer play() with no promise at all.)
    else
      Promise.resolve()
        .then(() => element.play())
        .catch(() => undefined);
  }, [still, failed]);

  return (
    <>
      {!failed && (
        <Box
          component="video"
          ref={video}
          poster={`/media/${clip}-poster.jpg`}
          autoPlay={!still}
          preload={still ? 'none' : 'auto'}
          muted
          loop
          playsInline
          aria-hidden
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        >
          <source src={`/media/${clip}.webm`} type="video/webm" />
          <source src={`/media/${clip}.mp4`} type="video/mp4" />
        </Box>
      )}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background:
            'linear-gradient(180deg, rgba(18,36,28,0.55) 0%, rgba(18,36,28,0.35) 50%, rgba(18,36,28,0.8) 100%)',
        }}
      />
      {failed && (
        <Typography
          role="status"
          variant="body2"
          sx={{ position: 'absolute', bottom: 24, left: 0, right: 0, textAlign: 'center', opacity: 0.75 }}
        >
          {VIDEO_FAILED_TEXT}
        </Typography>
      )}
    </>
  );
}
