import { deciderSpecification } from '@reflections/platform/testing/decider-specification';
import { crisisResourcesDecider } from './crisis-resources';

const now = '2026-11-26T08:00:00.000Z';
const { given } = deciderSpecification(crisisResourcesDecider);

describe('crisis resources decider', () => {
  it('records where and when the crisis lines were shown, without any words, each time they are shown', () => {
    const shown = { type: 'CrisisResourcesShown', data: { where: 'forum', shownAt: now } } as const;
    given().when({ type: 'ShowCrisisResources', where: 'forum', now }).then(shown);
    given(shown).when({ type: 'ShowCrisisResources', where: 'forum', now }).then(shown);
  });
});
