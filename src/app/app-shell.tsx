import { Anchor, AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { HeadContent, Link, Outlet, useLocation } from '@tanstack/react-router';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { EnvironmentBadge } from './environment-badge';
import { HeaderSearch } from './header-search';
import { AnchorLink } from '../components/router-links';

const sections = [
  { to: '/orders', label: 'Orders' },
  { to: '/receives', label: 'Receives' },
  { to: '/returns', label: 'Returns' },
  { to: '/products', label: 'Products' },
] as const;

export function AppLayout() {
  const [navOpen, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <HeadContent />
      <AppShell.Header>
        <Group h="100%" px="md" gap="md" wrap="nowrap">
          <Anchor href="#main" className="skip-link">
            Skip to content
          </Anchor>
          <Burger
            opened={navOpen}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={navOpen ? 'Close navigation' : 'Open navigation'}
          />
          <AnchorLink to="/" fw={700} c="inherit" underline="never" visibleFrom="xs">
            Warehouse Console
          </AnchorLink>
          <HeaderSearch />
          <Group gap="sm" ml="auto" wrap="nowrap">
            <EnvironmentBadge />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        {sections.map((section) => {
          const active = pathname === section.to || pathname.startsWith(`${section.to}/`);
          return (
            <NavLink
              key={section.to}
              component={Link}
              to={section.to}
              label={section.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              // On a phone the menu covers the page; close it once the reader has chosen.
              onClick={close}
            />
          );
        })}
        <Text size="xs" c="dimmed" mt="auto">
          Press Ctrl or ⌘ + K to search
        </Text>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
