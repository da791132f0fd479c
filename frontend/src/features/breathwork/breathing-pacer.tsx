import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useReducer } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { SIT_RHYTHMS, STEADY_BREATHS, breathReducer, initialBreathState, phaseSeconds } from './breath-cycle';

const SMALLEST = 0.55;

/**
 * A circle that grows as you breathe in and shrinks as you breathe out, with the
 * seconds left in each phase. Under reduced motion the circle stays still and the
 * words and countdown carry the rhythm.
 */
export function BreathingPacer() {
  const [state, dispatch] = useReducer(breathReducer, initialBreathState);
  const reducedMotion = useReducedMotion();
  const rhythm = SIT_RHYTHMS[state.rhythm];
  const seconds = phaseSeconds(state);
  const secondsLeft = seconds - state.elapsed;
  const started = state.begun;

  useEffect(() => {
    if (!state.running) return undefined;
    const timer = setInterval(() => dispatch({ type: 'ticked' }), 1000);
    return () => clearInterval(timer);
  }, [state.running]);

  // While running, aim for where the breath will be at the end of this second, so the circle moves continuously.
  const progress = Math.min(1, (state.elapsed + (state.running ? 1 : 0)) / seconds);
  const fullness = state.phase === 'in' ? progress : 1 - progress;
  const scale = reducedMotion || !started ? 1 : SMALLEST + (1 - SMALLEST) * fullness;
  const cue = !started ? 'Ready when you are' : state.phase === 'in' ? 'Breathe in' : 'Breathe out';

  return (
    <Box sx={{ display: 'grid', justifyItems: 'center', gap: 4 }}>
      <ToggleButtonGroup
        exclusive
        value={state.rhythm}
        onChange={(_event, value: 0 | 1 | null) => value !== null && dispatch({ type: 'rhythmChosen', rhythm: value })}
        aria-label="Breathing rhythm"
        sx={{
          bgcolor: 'rgba(255,255,255,0.06)',
          '& .MuiToggleButton-root': { color: 'inherit', borderColor: 'rgba(255,255,255,0.25)', px: 2.5 },
        }}
      >
        {SIT_RHYTHMS.map((option, index) => (
          <ToggleButton
            key={option.id}
            value={index}
            sx={{ '&.Mui-selected': { bgcolor: 'rgba(200,99,43,0.35)', color: 'inherit' } }}
          >
            {option.name}: {option.inhaleSeconds} s in / {option.exhaleSeconds} s out
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      <Box
        sx={{
          position: 'relative',
          width: { xs: 240, sm: 300 },
          aspectRatio: '1',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Box
          aria-hidden
          sx={{ position: 'absolute', inset: 0, borderRadius: '50%', border: '1px dashed rgba(255,255,255,0.3)' }}
        />
        <Box
          aria-hidden
          data-testid="breath-circle"
          sx={{
            position: 'absolute',
            inset: 0,
            borderRadius: '50%',
            background:
              'radial-gradient(circle at 40% 35%, rgba(232, 150, 98, 0.95), rgba(200, 99, 43, 0.75) 55%, rgba(156, 74, 29, 0.6))',
            boxShadow: '0 0 80px rgba(200, 99, 43, 0.35)',
            transform: `scale(${scale})`,
            transition: reducedMotion ? 'none' : `transform ${state.running ? 1000 : 300}ms linear`,
          }}
        />
        <Box sx={{ position: 'relative', textAlign: 'center' }}>
          <Typography variant="h4" component="p" aria-live="polite">
            {cue}
          </Typography>
          {started && (
            <Typography component="p" sx={{ fontSize: '2.5rem', fontWeight: 300, lineHeight: 1.2 }}>
              {secondsLeft}
            </Typography>
          )}
        </Box>
      </Box>

      <Typography sx={{ opacity: 0.85, textAlign: 'center', maxWidth: 460 }}>
        {rhythm.name} rhythm: {rhythm.purpose}
        {state.rhythm === 0 &&
          ` After ${STEADY_BREATHS} breaths the practice moves on to the 5 s in / 10 s out rhythm.`}
      </Typography>

      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          startIcon={state.running ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={() => dispatch({ type: state.running ? 'paused' : 'started' })}
        >
          {state.running ? 'Pause' : started ? 'Resume' : 'Start breathing'}
        </Button>
        {started && (
          <Button
            variant="outlined"
            color="inherit"
            size="large"
            startIcon={<ReplayIcon />}
            onClick={() => dispatch({ type: 'reset' })}
          >
            Reset
          </Button>
        )}
      </Box>
    </Box>
  );
}
