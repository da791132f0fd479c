import { CRISIS_STORY_PROMPT } from '@reflections/contracts/crisis';
import { STORY_MESSAGES } from '@reflections/contracts/story';
import { backendForTest, type TestBackend } from '@reflections/testing/backend-for-test';
import { countCommittedEvents, signUpMember, type TestMember } from '@reflections/testing/signed-in-member';

describe('five-minute story API', () => {
  let backend: TestBackend;
  let sam: TestMember;
  let alex: TestMember;
  beforeAll(async () => {
    backend = await backendForTest();
    sam = await signUpMember(backend);
    alex = await signUpMember(backend);
  });
  afterAll(async () => {
    await backend.close();
  });

  const storyEvents = () => countCommittedEvents(backend, 'story-');
  const start = (member: TestMember) =>
    backend.command
      .post('/api/five-minute-story/session')
      .set('Cookie', member.cookie)
      .send({ sessionStatus: 'started', currentStep: 1, aiPrompts: [], userResponses: [] });

  it('runs a story from start to completion and reads it back on the query side', async () => {
    const started = await start(sam).expect(201);
    expect(started.body).toMatchObject({
      sessionStatus: 'started',
      currentStep: 1,
      aiPrompts: [expect.any(String)],
      userResponses: [],
      storyText: null,
    });
    const id = started.body.id;

    let session = started.body;
    let position = '';
    for (let step = 1; step <= 5; step++) {
      const last = step === 5;
      const response = await backend.command
        .put(`/api/five-minute-story/session/${id}`)
        .set('Cookie', sam.cookie)
        .send({
          userResponses: [...session.userResponses, `  Answer ${step}  `],
          sessionStatus: last ? 'completed' : 'in_progress',
          currentStep: last ? 5 : step + 1,
          ...(last ? { sessionDuration: 0 } : {}),
        })
        .expect(200);
      session = response.body;
      position = response.headers['x-position'];
      if (!last)
        expect(session).toMatchObject({
          sessionStatus: 'in_progress',
          currentStep: step + 1,
          aiPrompts: [...started.body.aiPrompts, ...session.aiPrompts.slice(1)],
        });
      if (!last) expect(session.aiPrompts).toHaveLength(step + 1);
    }
    expect(session).toMatchObject({
      sessionStatus: 'completed',
      currentStep: 5,
      userResponses: ['Answer 1', 'Answer 2', 'Answer 3', 'Answer 4', 'Answer 5'],
      storyText: 'Answer 1\n\nAnswer 2\n\nAnswer 3\n\nAnswer 4\n\nAnswer 5',
      sessionDuration: 0,
      completionTimestamp: expect.any(String),
    });

    expect(session.crisisResources).toBe(false);
    const read = await backend.query
      .get('/api/five-minute-story/session')
      .set('Cookie', sam.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(read.body).toEqual(session);
    await backend.query.get(`/api/five-minute-story/session/${id}`).set('Cookie', sam.cookie).expect(200);
  });

  it('shows the crisis resources from an answer with crisis language on, reads them back on the query side, and records them once without the words', async () => {
    const { body } = await start(alex).expect(201);
    const answer = (userResponses: string[]) =>
      backend.command
        .put(`/api/five-minute-story/session/${body.id}`)
        .set('Cookie', alex.cookie)
        .send({ userResponses })
        .expect(200);
    const answers = [
      'I was at the lake with my brother.',
      'Tight chest.',
      'I walked away.',
      'Everyone would be better off without me.',
      'That I keep things in.',
    ];
    const shownAfter: boolean[] = [];
    let position = '';
    for (let step = 1; step <= answers.length; step++) {
      const answered = await answer(answers.slice(0, step));
      shownAfter.push(answered.body.crisisResources);
      position = answered.headers['x-position'];
    }
    // Once shown, the resources stay with the story; the showing is recorded once.
    expect(shownAfter).toEqual([false, false, false, true, true]);
    // The prompt after the crisis answer asks about safety instead of going on with the story.
    const stored = await backend.query
      .get(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(stored.body.aiPrompts[4]).toBe(CRISIS_STORY_PROMPT);
    expect(stored.body.aiPrompts.slice(0, 4)).not.toContain(CRISIS_STORY_PROMPT);
    const read = await backend.query
      .get(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .set('X-Min-Position', position)
      .expect(200);
    expect(read.body.crisisResources).toBe(true);

    const shown = (await backend.allEvents()).filter(
      (event) => event.type === 'CrisisResourcesShown' && event.streamName === `story-${body.id}`,
    );
    expect(shown).toHaveLength(1);
    expect(shown[0].data).toEqual({ where: 'story', shownAt: expect.any(String) });
  });

  it('lets a member take down a false alarm ("This isn\'t about me"), recorded without text, and brings the resources back on a later crisis answer', async () => {
    const { body } = await start(alex).expect(201);
    const dismissal = (member: TestMember, id: string = body.id) =>
      backend.command.post(`/api/five-minute-story/session/${id}/crisis-banner-dismissal`).set('Cookie', member.cookie);
    await dismissal(alex).expect(409);
    const answer =
      'My mother held it all together when my father left. Everyone would be better off without me, she said once, on her worst night. Then she got up and went to work.';
    const first = await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .send({ userResponses: [answer] })
      .expect(200);
    expect(first.body.crisisResources).toBe(true);

    await dismissal(sam).expect(404);
    const dismissed = await dismissal(alex).expect(200);
    expect(dismissed.body).toMatchObject({ id: body.id, crisisResources: false, userResponses: [answer] });
    const read = await backend.query
      .get(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .set('X-Min-Position', dismissed.headers['x-position'])
      .expect(200);
    expect(read.body.crisisResources).toBe(false);
    const recorded = (await backend.allEvents()).filter(
      (event) => event.type === 'CrisisBannerDismissed' && event.streamName === `story-${body.id}`,
    );
    expect(recorded).toHaveLength(1);
    expect(Object.keys(recorded[0].data as object).sort()).toEqual(['dismissedAt', 'sessionId', 'userId']);
    await dismissal(alex).expect(409);

    const later = await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .send({ userResponses: [answer, 'Some nights I want to kill myself.'] })
      .expect(200);
    expect(later.body.crisisResources).toBe(true);
    const reread = await backend.query
      .get(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .set('X-Min-Position', later.headers['x-position'])
      .expect(200);
    expect(reread.body.crisisResources).toBe(true);
    await backend.command
      .post('/api/five-minute-story/session/not-an-id/crisis-banner-dismissal')
      .set('Cookie', alex.cookie)
      .expect(400);
  });

  it('takes no sixth answer and appends nothing for it', async () => {
    const { body } = await start(sam).expect(201);
    const answers: string[] = [];
    for (let step = 1; step <= 5; step++) {
      answers.push(`A${step}`);
      await backend.command
        .put(`/api/five-minute-story/session/${body.id}`)
        .set('Cookie', sam.cookie)
        .send({ userResponses: answers })
        .expect(200);
    }
    const before = (await backend.eventStore.readStream(`story-${body.id}`)).length;
    const refused = await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', sam.cookie)
      .send({ userResponses: [...answers, 'A6'] })
      .expect(409);
    expect(refused.body.error).toBe(STORY_MESSAGES.completed);
    expect((await backend.eventStore.readStream(`story-${body.id}`)).length).toBe(before);
  });

  it('answers 400 naming the field for a blank answer or a skipped step, and appends nothing', async () => {
    const { body } = await start(sam).expect(201);
    const before = await storyEvents();
    const blank = await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', sam.cookie)
      .send({ userResponses: ['   '] })
      .expect(400);
    expect(blank.body.fields).toEqual({ userResponses: STORY_MESSAGES.answerRequired });
    const skipped = await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', sam.cookie)
      .send({ userResponses: ['A1'], currentStep: 4 })
      .expect(400);
    expect(skipped.body.fields).toEqual({ currentStep: STORY_MESSAGES.stepMismatch });
    const badStart = await backend.command
      .post('/api/five-minute-story/session')
      .set('Cookie', sam.cookie)
      .send({ currentStep: 3 })
      .expect(400);
    expect(badStart.body.fields).toEqual({ currentStep: STORY_MESSAGES.startShape });
    expect(await storyEvents()).toBe(before);
  });

  it("answers 404 for another member's session and 400 for an id that is no UUID, on both sides, and appends nothing", async () => {
    const { body } = await start(sam).expect(201);
    const before = await storyEvents();
    await backend.command
      .put(`/api/five-minute-story/session/${body.id}`)
      .set('Cookie', alex.cookie)
      .send({ userResponses: ['mine now'] })
      .expect(404);
    await backend.command
      .put('/api/five-minute-story/session/not-a-uuid')
      .set('Cookie', alex.cookie)
      .send({ userResponses: ['x'] })
      .expect(400);
    await backend.query.get('/api/five-minute-story/session/%00').set('Cookie', alex.cookie).expect(400);
    await backend.query.get(`/api/five-minute-story/session/${body.id}`).set('Cookie', alex.cookie).expect(404);
    expect(await storyEvents()).toBe(before);
  });

  it('answers null to a member with no story yet', async () => {
    const fresh = await signUpMember(backend);
    const response = await backend.query
      .get('/api/five-minute-story/session')
      .set('Cookie', fresh.cookie)
      .set('X-Min-Position', fresh.position)
      .expect(200);
    expect(response.body).toBeNull();
  });

  it('answers 401 when signed out, and appends nothing', async () => {
    const before = await storyEvents();
    await backend.command.post('/api/five-minute-story/session').send({}).expect(401);
    await backend.command
      .put('/api/five-minute-story/session/00000000-0000-4000-8000-000000000000')
      .send({ userResponses: ['x'] })
      .expect(401);
    await backend.query.get('/api/five-minute-story/session').expect(401);
    expect(await storyEvents()).toBe(before);
  });
});
