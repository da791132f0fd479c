import { STEADY_BREATHS, breathReducer, initialBreathState, type BreathAction, type BreathState } from './breath-cycle';

const run = (state: BreathState, ...actions: BreathAction[]) => actions.reduce(breathReducer, state);
const ticks = (count: number): BreathAction[] => Array.from({ length: count }, () => ({ type: 'ticked' }));

describe('the SIT breath cycle', () => {
  it('does not move until started', () => {
    expect(run(initialBreathState, ...ticks(3))).toBe(initialBreathState);
  });

  it('breathes in for 5 s and out for 5 s in the steady rhythm', () => {
    const started = run(initialBreathState, { type: 'started' });
    expect(run(started, ...ticks(4))).toMatchObject({ phase: 'in', elapsed: 4 });
    expect(run(started, ...ticks(5))).toMatchObject({ phase: 'out', elapsed: 0 });
    expect(run(started, ...ticks(10))).toMatchObject({ phase: 'in', elapsed: 0, breaths: 1 });
  });

  it('moves on to 5 s in / 10 s out after the steady breaths', () => {
    const settled = run(initialBreathState, { type: 'started' }, ...ticks(STEADY_BREATHS * 10));
    expect(settled).toMatchObject({ rhythm: 1, phase: 'in', breaths: 0 });
    expect(run(settled, ...ticks(5 + 9))).toMatchObject({ phase: 'out', elapsed: 9 });
    expect(run(settled, ...ticks(15))).toMatchObject({ phase: 'in', breaths: 1 });
  });

  it('holds still while paused and starts over on reset', () => {
    const paused = run(initialBreathState, { type: 'started' }, ...ticks(2), { type: 'paused' }, ...ticks(5));
    expect(paused).toMatchObject({ running: false, phase: 'in', elapsed: 2, begun: true });
    expect(run(paused, { type: 'reset' })).toBe(initialBreathState);
  });
});
