import BalanceIcon from '@mui/icons-material/Balance';
import BusinessCenterIcon from '@mui/icons-material/BusinessCenter';
import FireplaceIcon from '@mui/icons-material/Fireplace';
import FrontHandIcon from '@mui/icons-material/FrontHand';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import NightsStayIcon from '@mui/icons-material/NightsStay';
import PaletteIcon from '@mui/icons-material/Palette';
import ShieldIcon from '@mui/icons-material/Shield';
import SpaIcon from '@mui/icons-material/Spa';
import SportsMmaIcon from '@mui/icons-material/SportsMma';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import WavesIcon from '@mui/icons-material/Waves';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ArchetypeId } from '@reflections/contracts/archetypes';
import type { ComponentType } from 'react';

/**
 * Each archetype's symbol as an SVG icon, drawn the same on every system: the emoji in the
 * contract is an empty box where no emoji font is installed. Each follows its circle's name
 * (the hearth, the night a lone wolf walks, true colours, a giving hand, still waters, open hands).
 */
const ICONS: Record<ArchetypeId, ComponentType<SvgIconProps>> = {
  provider: FireplaceIcon,
  'lone-wolf': NightsStayIcon,
  chameleon: PaletteIcon,
  'good-guy': VolunteerActivismIcon,
  peacemaker: WavesIcon,
  warrior: ShieldIcon,
  judge: BalanceIcon,
  mother: SpaIcon,
  boss: BusinessCenterIcon,
  'good-girl': LocalFloristIcon,
  caretaker: FrontHandIcon,
  fighter: SportsMmaIcon,
};

type ArchetypeIconProps = SvgIconProps & {
  readonly archetype: ArchetypeId;
  /** The archetype's title: the icon is then an image named '<title> symbol'; without it, decoration. */
  readonly title?: string;
};

export function ArchetypeIcon({ archetype, title, ...props }: ArchetypeIconProps) {
  const Icon = ICONS[archetype];
  return title ? (
    <Icon role="img" aria-label={`${title} symbol`} aria-hidden={false} {...props} />
  ) : (
    <Icon aria-hidden {...props} />
  );
}
