import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { DROPDOWN_CLOSE_DELAY_MS, type NavMenu } from './nav-links';

/**
 * A disclosure menu: opens on hover, click or keyboard; closes 150 ms after the mouse
 * leaves, on Escape, or when focus or a tap goes elsewhere. On a page of one of its links
 * (or a page under it: a board's post) the menu is current: its button has the class
 * `active`, as a NavLink would, and its link says `aria-current="page"`.
 */
export function NavDropdown({ menu, buttonSx }: { readonly menu: NavMenu; readonly buttonSx?: SxProps<Theme> }) {
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();
  // Plain paths: a prefix test is all matchPath would do here, without its code on the home route.
  const current = menu.items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

  const cancelClose = () => clearTimeout(closeTimer.current);
  const show = () => {
    cancelClose();
    setOpen(true);
  };
  const hide = () => {
    cancelClose();
    setOpen(false);
  };
  const hideLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), DROPDOWN_CLOSE_DELAY_MS);
  };

  // The mouse has already opened it on hover; a click then must not close it again.
  const toggle = (event: MouseEvent) => (event.detail === 0 ? setOpen((wasOpen) => !wasOpen) : show());

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open && focusFirst) {
      rootRef.current?.querySelector<HTMLElement>('[data-nav-item]')?.focus();
      setFocusFirst(false);
    }
  }, [open, focusFirst]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('[data-nav-item]') ?? []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      hide();
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const links = items();
    const index = links.indexOf(document.activeElement as HTMLElement);
    if (index === -1) {
      show();
      setFocusFirst(true);
      return;
    }
    const next = event.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
    links[next]?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) hide();
  };

  return (
    <Box
      ref={rootRef}
      sx={{ position: 'relative' }}
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <Button
        ref={buttonRef}
        color="inherit"
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={current ? 'true' : undefined}
        className={current ? 'active' : undefined}
        sx={buttonSx}
        onClick={toggle}
        endIcon={
          <KeyboardArrowDownIcon sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }} />
        }
      >
        {menu.label}
      </Button>
      {open && (
        <Box sx={{ position: 'absolute', top: '100%', left: 0, pt: 1, zIndex: 1 }}>
          <Paper
            id={panelId}
            component="ul"
            elevation={6}
            sx={{
              m: 0,
              py: 1,
              px: 0,
              minWidth: 220,
              listStyle: 'none',
              bgcolor: 'background.paper',
              color: 'text.primary',
              animation: 'nav-dropdown-in 150ms ease-out',
              '@keyframes nav-dropdown-in': { from: { opacity: 0, transform: 'translateY(-4px)' } },
            }}
          >
            {menu.items.map((item) => (
              <li key={item.to}>
                <Box
                  component={NavLink}
                  to={item.to}
                  data-nav-item
                  onClick={hide}
                  sx={{
                    display: 'block',
                    px: 2.5,
                    py: 1.25,
                    color: 'inherit',
                    textDecoration: 'none',
                    '&:hover, &:focus-visible, &.active': { bgcolor: 'action.hover', color: 'text.accent' },
                  }}
                >
                  {item.label}
                </Box>
              </li>
            ))}
          </Paper>
        </Box>
      )}
    </Box>
  );
}
