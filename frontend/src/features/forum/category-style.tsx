import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import ShieldOutlinedIcon from '@mui/icons-material/ShieldOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { CategoryColor, CategoryIcon } from '@reflections/contracts/forum';
import type { ComponentType } from 'react';

/** docs/product.md#forum-boards: the seven category colours, as badge backgrounds that keep dark text legible. */
export const CATEGORY_COLORS: Record<CategoryColor, { readonly bg: string; readonly fg: string }> = {
  green: { bg: '#dcebdc', fg: '#1f4a2a' },
  blue: { bg: '#dbe7f5', fg: '#1c3d66' },
  orange: { bg: '#f9e1cf', fg: '#7a3510' },
  purple: { bg: '#e9ddf3', fg: '#4b2a66' },
  amber: { bg: '#f7ebc4', fg: '#6b4e00' },
  indigo: { bg: '#dfe0f6', fg: '#2c2f73' },
  gray: { bg: '#e6e2dc', fg: '#3d3833' },
};

const ICONS: Record<CategoryIcon, ComponentType<SvgIconProps>> = {
  Heart: FavoriteBorderIcon,
  Shield: ShieldOutlinedIcon,
  Users: GroupsOutlinedIcon,
  Brain: PsychologyOutlinedIcon,
  Star: StarBorderIcon,
  Sun: WbSunnyOutlinedIcon,
  MessageSquare: ChatBubbleOutlineIcon,
};

/** MessageSquare is the fallback (docs/product.md#forum-boards). */
export function CategoryIconOf({ icon, ...props }: { readonly icon: string } & SvgIconProps) {
  const Icon = ICONS[icon as CategoryIcon] ?? ChatBubbleOutlineIcon;
  return <Icon aria-hidden {...props} />;
}
