import type { OnboardingAnswers } from '@reflections/contracts/identity';
import { assignArchetype } from './archetype';

const answers = (overrides: Partial<OnboardingAnswers> = {}): OnboardingAnswers => ({
  gender: 'Male',
  age: '32–40',
  innerLandscape: 'fog',
  voiceInHead: 'quiet',
  presenceInRoom: 'observe',
  returnToSelf: ['solitude'],
  seeking: 'clarity',
  emotionRegulation: 'withdraw',
  wishOthersKnew: 'text',
  futureMessage: 'text',
  invisibleWeight: 'loneliness',
  innerStrength: 'resilience',
  emotionalWall: 'trust',
  peaceMeans: 'freedom',
  coreDrive: 'freedom',
  ...overrides,
});

describe('archetype assignment', () => {
  it('reads a withdrawn, independent man as The Lone Wolf', () => {
    expect(assignArchetype(answers())).toBe('lone-wolf');
  });

  it('reads a leader driven by achievement and control as The Boss', () => {
    expect(
      assignArchetype(
        answers({
          presenceInRoom: 'lead',
          coreDrive: 'achievement',
          emotionalWall: 'control',
          emotionRegulation: 'push-down',
          invisibleWeight: 'expectations',
        }),
      ),
    ).toBe('boss');
  });

  it('reads a man who meets pain with fire as The Fighter', () => {
    expect(
      assignArchetype(
        answers({
          presenceInRoom: 'guard',
          emotionRegulation: 'fight',
          invisibleWeight: 'anger',
          coreDrive: 'justice',
          emotionalWall: 'looking-weak',
        }),
      ),
    ).toBe('fighter');
  });

  it('gives the female counterpart for the same answers when gender is Female', () => {
    const provider = answers({
      presenceInRoom: 'help',
      coreDrive: 'provide',
      invisibleWeight: 'providing',
      emotionRegulation: 'push-down',
      emotionalWall: 'no-time',
      voiceInHead: 'worrier',
    });
    expect(assignArchetype(provider)).toBe('provider');
    expect(assignArchetype({ ...provider, gender: 'Female' })).toBe('mother');
  });

  it('is deterministic and ignores free text', () => {
    const a = answers({ wishOthersKnew: 'one thing', futureMessage: 'another' });
    const b = answers({ wishOthersKnew: 'something else entirely', futureMessage: '' });
    expect(assignArchetype(a)).toBe(assignArchetype(b));
  });

  it('falls back to The Peacemaker when no answer leans anywhere', () => {
    expect(
      assignArchetype(
        answers({
          presenceInRoom: '',
          coreDrive: '',
          voiceInHead: '',
          emotionRegulation: '',
          invisibleWeight: '',
          innerStrength: '',
          emotionalWall: '',
        }),
      ),
    ).toBe('peacemaker');
  });
});
