import { Anchor, AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { HeadContent, Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { AnchorLink } from '@/components/router-links';
import { HeaderSearch } from '@/features/search/components/header-search';
import { AccountMenu } from '@/features/sign-in/components/account-menu';
import { useListSearchMemory } from '@/lib/list-search-memory';
import { useCan, useSession } from '@/lib/session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { EnvironmentBadge } from './environment-badge';

// The live stream checks its events with the zod contract, a sixth of the first page's budget: it loads
// after the first page shows, which costs its connection a chunk's fetch.
const LiveUpdates = lazy(() => import('./live-updates').then((module) => ({ default: module.LiveUpdates })));
// Shown only once the live stream says the warehouse does not answer: it need not weigh on the first page.
const WarehouseSilenceBanner = lazy(() =>
  import('./warehouse-silence-banner').then((module) => ({ default: module.WarehouseSilenceBanner })),
);

const sections = [
  { to: '/orders', label: 'Orders' },
  { to: '/receives', label: 'Receives' },
  { to: '/returns', label: 'Returns' },
  { to: '/products', label: 'Products' },
  { to: '/stock', label: 'Stock' },
  { to: '/trace', label: 'Trace' },
  { to: '/audit-log', label: 'Audit log' },
  { to: '/sync', label: 'Sync' },
] as const;
const adminSections = [{ to: '/accounts', label: 'Accounts' }] as const;

/** Before sign-in: the page alone, with nothing that would ask the server for data. */
function SignedOutLayout() {
  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <HeadContent />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text fw={700}>Warehouse Console</Text>
          <ColorSchemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export function ConsoleShell() {
  const { user } = useSession();
  const { pathname, href } = useLocation();
  const navigate = useNavigate();
  const signedOut = user === null;

  // The session ended while a page was open (expired, signed out elsewhere): to sign-in, and back after.
  useEffect(() => {
    if (signedOut && pathname !== '/sign-in') void navigate({ to: '/sign-in', search: { redirect: href } });
  }, [signedOut, pathname, href, navigate]);

  return signedOut ? <SignedOutLayout /> : <SignedInLayout />;
}

function SignedInLayout() {
  const [navOpen, { toggle, close }] = useDisclosure(false);
  useListSearchMemory();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const shown = [...sections, ...(useCan('accounts.manage') ? adminSections : [])];

  return (
    <AppShell
      // A phone gives the search a row of its own (app.css).
      header={{ height: { base: 104, sm: 60 } }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <HeadContent />
      <AppShell.Header>
        <Group h="100%" px="md" gap="md" wrap="nowrap" className="console-header">
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
            <AccountMenu onSignedOut={() => void navigate({ to: '/sign-in', search: { redirect: '/' } })} />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Sections">
        {shown.map((section) => {
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
        <Text size="xs" c="dimmed" mt="auto" className="keyboard-hint">
          Press Ctrl or ⌘ + K to search
        </Text>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <WarehouseSilenceBanner />
        </Suspense>
        <Outlet />
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
