/**
 * The twelve archetypes of the Digital Campfire (docs/product.md#forum-boards, variant B). Each is also
 * a circle in the forum; the member counts and activity lines are the client's fixed
 * sample figures, not live data.
 */
export const ARCHETYPE_IDS = [
  'provider',
  'lone-wolf',
  'chameleon',
  'good-guy',
  'peacemaker',
  'warrior',
  'judge',
  'mother',
  'boss',
  'good-girl',
  'caretaker',
  'fighter',
] as const;
export type ArchetypeId = (typeof ARCHETYPE_IDS)[number];

export type Archetype = {
  readonly id: ArchetypeId;
  readonly title: string;
  readonly symbol: string;
  readonly represents: string;
  readonly groupName: string;
  readonly groupDescription: string;
};

export const ARCHETYPES: Record<ArchetypeId, Archetype> = {
  provider: {
    id: 'provider',
    title: 'The Provider',
    symbol: '🛡️',
    represents: 'You carry the weight of keeping others safe and fed. Your growth is letting yourself be held too.',
    groupName: 'The Hearth Keepers',
    groupDescription: 'Men who give everything to the people they love, learning to ask for something back.',
  },
  'lone-wolf': {
    id: 'lone-wolf',
    title: 'The Lone Wolf',
    symbol: '🐺',
    represents: 'You trust yourself before anyone else. Your growth is discovering strength that is shared.',
    groupName: 'The Pack Returning',
    groupDescription: 'Independent men finding out that connection does not cost them their freedom.',
  },
  chameleon: {
    id: 'chameleon',
    title: 'The Chameleon',
    symbol: '🦎',
    represents: 'You read every room and become what it needs. Your growth is finding the colour that is yours.',
    groupName: 'True Colours',
    groupDescription: 'Men who adapt so well they lose track of themselves, practising being seen as they are.',
  },
  'good-guy': {
    id: 'good-guy',
    title: 'The Good Guy / Saint',
    symbol: '😇',
    represents: 'You keep everyone happy and rarely say what you need. Your growth is an honest no.',
    groupName: 'Honest Hearts',
    groupDescription: 'Men learning that being good and being truthful can be the same thing.',
  },
  peacemaker: {
    id: 'peacemaker',
    title: 'The Peacemaker',
    symbol: '🕊️',
    represents: 'You calm storms and hold people together. Your growth is letting your own storms be heard.',
    groupName: 'The Still Waters',
    groupDescription: 'Men who keep the peace for others and are learning to make peace with themselves.',
  },
  warrior: {
    id: 'warrior',
    title: 'The Warrior',
    symbol: '⚔️',
    represents: 'You push through and protect what matters. Your growth is knowing when to lay the sword down.',
    groupName: 'Shield Brothers',
    groupDescription: 'Men of discipline and courage, practising rest as hard as they practise strength.',
  },
  judge: {
    id: 'judge',
    title: 'The Judge',
    symbol: '⚖️',
    represents: 'You hold high standards for the world and harder ones for yourself. Your growth is mercy.',
    groupName: 'The Fair Minds',
    groupDescription: 'Men with a strong sense of right, learning to soften the inner verdict.',
  },
  mother: {
    id: 'mother',
    title: 'The Mother',
    symbol: '🌿',
    represents: 'You nurture everyone around you. Your growth is tending your own roots.',
    groupName: 'The Nurturers',
    groupDescription: 'People who care for everyone, making room to be cared for.',
  },
  boss: {
    id: 'boss',
    title: 'The Boss',
    symbol: '👔',
    represents: 'You lead, decide and carry the outcome. Your growth is leading from the heart as well as the head.',
    groupName: 'Grounded Leaders',
    groupDescription: 'Men who run teams and families, learning that control and calm are different things.',
  },
  'good-girl': {
    id: 'good-girl',
    title: 'The Good Girl / Saint',
    symbol: '🌸',
    represents: 'You give and please and rarely ask. Your growth is an honest voice for your own needs.',
    groupName: 'Honest Voices',
    groupDescription: 'People learning that kindness includes kindness to themselves.',
  },
  caretaker: {
    id: 'caretaker',
    title: 'The Caretaker',
    symbol: '🤲',
    represents: 'You notice who is hurting and step in. Your growth is noticing yourself.',
    groupName: 'Open Hands',
    groupDescription: 'Men who look after everyone, practising letting others look after them.',
  },
  fighter: {
    id: 'fighter',
    title: 'The Fighter',
    symbol: '🥊',
    represents: 'You meet pain with fire. Your growth is turning that fire into fuel instead of damage.',
    groupName: 'Steady Fire',
    groupDescription: 'Men with strong feelings and stronger hearts, learning to channel the heat.',
  },
};

export const DEFAULT_ARCHETYPE: ArchetypeId = 'peacemaker';
