import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from './router';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** Where the router is and its navigate, as the components above the routes see them. */
let seen: { location: Location; navigate: NavigateFunction };
function Probe() {
  seen = { location: useLocation(), navigate: useNavigate() };
  return null;
}

function Table({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function Layout() {
  return (
    <section aria-label={`layout ${useParams().id ?? ''}`}>
      <Outlet />
    </section>
  );
}

const Chart = () => <p>chart {useParams().id}</p>;

const table: RouteObject[] = [
  { path: '/login', element: <p>login</p> },
  {
    element: <Layout />,
    children: [
      { path: '/pwa/customers', element: <p>list</p> },
      { path: '/pwa/customers/:id', element: <Chart /> },
    ],
  },
  { path: '/pwa/customers/new', element: <p>never: the chart above matches first</p> },
  { path: '*', element: <p>elsewhere</p> },
];

function renderAt(entry: string | Partial<Location>, routes = table) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Probe />
      <Table routes={routes} />
    </MemoryRouter>,
  );
}

/** Clicks, and says whether the router took the click (the page's own load prevented, as the app needs). */
function click(element: Element, init?: MouseEventInit): boolean {
  let taken = false;
  // Last in the click's way: it sees what the link did, then keeps happy-dom from loading another page.
  const watch = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', watch);
  fireEvent.click(element, init);
  window.removeEventListener('click', watch);
  return taken;
}

describe('useRoutes', () => {
  it.each([
    ['/pwa/customers', 'list'],
    ['/pwa/customers/', 'list'],
    ['/pwa/customers/c-1', 'chart c-1'],
    ['/pwa/customers/a%20b', 'chart a b'],
    ['/pwa/customers/new', 'chart new'],
  ])('renders %s inside the layout route: %s', (path, text) => {
    renderAt(path);
    const layout = screen.getByRole('region', { name: /^layout/ });
    expect(layout.textContent).toBe(text);
  });

  it("gives the layout the matched page's params", () => {
    renderAt('/pwa/customers/c-1');
    expect(screen.getByRole('region', { name: 'layout c-1' })).toBeTruthy();
  });

  it.each([
    ['/login', 'login'],
    ['/nowhere', 'elsewhere'],
    ['/pwa/customers/a/b', 'elsewhere'],
  ])('renders %s outside the layout: %s', (path, text) => {
    const { container } = renderAt(path);
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.textContent).toBe(text);
  });

  it('renders nothing when no route matches', () => {
    const { container } = renderAt('/nowhere', [{ path: '/login', element: <p>login</p> }]);
    expect(container.innerHTML).toBe('');
  });

  it.each([
    ['/pwa/customers/7', 'chart 7'],
    ['/customers', 'list'],
    ['/visits', 'visits'],
  ])('reads the children form (arrays and fragments in it, first match first): %s', (path, text) => {
    const { container } = render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {['', '/pwa'].map((prefix) => [
            <Route key={prefix} path={`${prefix}/customers`} element={<p>list</p>} />,
            <Route key={`${prefix}/chart`} path={`${prefix}/customers/:id`} element={<Chart />} />,
          ])}
          <>
            <Route path="/pwa/customers/7" element={<p>second</p>} />
            <Route path="/visits" element={<p>visits</p>} />
          </>
        </Routes>
      </MemoryRouter>,
    );
    expect(container.textContent).toBe(text);
  });

  it.each(['MemoryRouter', 'BrowserRouter'])('keeps the current screen while the next one loads in a %s (a transition, as react-router)', async (router) => {
    let loaded = (_: { default: () => ReactNode }) => {};
    // A screen loaded on demand, as the app's are.
    const Slow = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (loaded = resolve)));
    const app = (
      <>
        <Probe />
        <Suspense fallback={<p>loading</p>}>
          <Table routes={[{ path: '/a', element: <p>screen a</p> }, { path: '/b', element: <Slow /> }]} />
        </Suspense>
      </>
    );
    window.history.replaceState(null, '', '/a');
    render(router === 'BrowserRouter' ? <BrowserRouter>{app}</BrowserRouter> : <MemoryRouter initialEntries={['/a']}>{app}</MemoryRouter>);
    await act(async () => seen.navigate('/b'));
    expect(screen.getByText('screen a').style.display).toBe('');
    expect(screen.queryByText('loading')).toBeNull();
    await act(async () => loaded({ default: () => <p>screen b</p> }));
    expect(screen.getByText('screen b')).toBeTruthy();
    expect(screen.queryByText('screen a')).toBeNull();
  });
});

describe('MemoryRouter', () => {
  it('starts at the last initial entry, a path with its search and hash', () => {
    renderAt('/pwa/customers?q=1#top');
    expect(seen.location).toEqual({ pathname: '/pwa/customers', search: '?q=1', hash: '#top', state: null, key: 'default' });
  });

  it('takes an entry with state', () => {
    render(
      <MemoryRouter initialEntries={['/first', { pathname: '/visits', state: { from: '/x' } }]}>
        <Probe />
      </MemoryRouter>,
    );
    expect(seen.location).toMatchObject({ pathname: '/visits', search: '', hash: '', state: { from: '/x' } });
  });

  it('starts at / without entries', () => {
    render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    expect(seen.location.pathname).toBe('/');
  });
});

describe('navigate and useHref', () => {
  function Href({ to }: { to: string }) {
    return <p>href {useHref(to, { relative: 'path' })}</p>;
  }

  it.each([
    ['/pwa/customers', 'abc', '/pwa/customers/abc', ''],
    ['/pwa/customers/', 'abc', '/pwa/customers/abc', ''],
    ['/pwa/customers/123', '..', '/pwa/customers', ''],
    ['/customers/123', '..', '/customers', ''],
    ['/pwa/customers', 'abc?tab=2', '/pwa/customers/abc', '?tab=2'],
    ['/pwa/customers/123', '/login?redirect=%2Fvisits', '/login', '?redirect=%2Fvisits'],
  ])('from %s, %s goes to %s%s', async (from, to, pathname, search) => {
    renderAt(from);
    await act(async () => seen.navigate(to, { relative: 'path' }));
    expect(seen.location).toMatchObject({ pathname, search, state: null });
  });

  it('carries a state', async () => {
    renderAt('/login');
    await act(async () => seen.navigate('/pwa/customers', { state: { from: '/login' } }));
    expect(seen.location).toMatchObject({ pathname: '/pwa/customers', state: { from: '/login' } });
    expect(screen.getByText('list')).toBeTruthy();
  });

  it('gives the address of a relative target', () => {
    renderAt('/pwa/customers/123', [{ path: '*', element: <Href to=".." /> }]);
    expect(screen.getByText('href /pwa/customers')).toBeTruthy();
  });
});

describe('Link', () => {
  const linked: RouteObject[] = [
    { path: '/pwa/dashboard', element: <Link to="/pwa/customers?q=1">customers</Link> },
    { path: '/pwa/customers', element: <p>list</p> },
  ];

  it('is a real link that a plain left click follows inside the app', () => {
    renderAt('/pwa/dashboard', linked);
    const link = screen.getByRole('link', { name: 'customers' });
    expect(link.getAttribute('href')).toBe('/pwa/customers?q=1');
    expect(click(link)).toBe(true);
    expect(seen.location).toMatchObject({ pathname: '/pwa/customers', search: '?q=1' });
    expect(screen.getByText('list')).toBeTruthy();
  });

  it.each<[string, MouseEventInit]>([
    ['a ctrl click', { ctrlKey: true }],
    ['a cmd click', { metaKey: true }],
    ['a shift click', { shiftKey: true }],
    ['an alt click', { altKey: true }],
    ['a middle click', { button: 1 }],
  ])('leaves %s to the browser', (_, init) => {
    renderAt('/pwa/dashboard', linked);
    expect(click(screen.getByRole('link', { name: 'customers' }), init)).toBe(false);
    expect(seen.location.pathname).toBe('/pwa/dashboard');
  });

  it('leaves a link to another window to the browser, and respects its own onClick', () => {
    renderAt('/pwa/dashboard', [
      {
        path: '/pwa/dashboard',
        element: (
          <>
            <Link to="/pwa/customers" target="_blank" className="x" style={{ color: 'red' }}>
              new tab
            </Link>
            <Link to="/pwa/customers" onClick={(event) => event.preventDefault()}>
              handled
            </Link>
          </>
        ),
      },
    ]);
    const newTab = screen.getByRole('link', { name: 'new tab' });
    expect(newTab.className).toBe('x');
    expect(newTab.style.color).toBe('red');
    click(newTab);
    click(screen.getByRole('link', { name: 'handled' }));
    expect(seen.location.pathname).toBe('/pwa/dashboard');
  });
});

describe('BrowserRouter', () => {
  const pages: RouteObject[] = [
    {
      path: '/a',
      element: (
        <>
          <p>page a</p>
          <Link to="/a">here</Link>
          <Link to="/b">to b</Link>
        </>
      ),
    },
    { path: '/b', element: <p>page b</p> },
    { path: '/old', element: <Navigate to="/b" replace /> },
    { path: '/moved', element: <Navigate to="/b" state={{ from: '/moved' }} /> },
  ];

  function renderBrowser(path: string) {
    window.history.replaceState(null, '', path);
    render(
      <BrowserRouter>
        <Probe />
        <Table routes={pages} />
      </BrowserRouter>,
    );
  }

  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('starts at the address bar and pushes a followed link', () => {
    renderBrowser('/a?x=1');
    expect(seen.location).toMatchObject({ pathname: '/a', search: '?x=1', state: null, key: 'default' });
    const before = window.history.length;
    expect(click(screen.getByRole('link', { name: 'to b' }))).toBe(true);
    expect(window.location.pathname).toBe('/b');
    expect(window.history.length).toBe(before + 1);
    expect(screen.getByText('page b')).toBeTruthy();
  });

  it('replaces the entry for a link to the page shown', () => {
    renderBrowser('/a');
    const before = window.history.length;
    click(screen.getByRole('link', { name: 'here' }));
    expect(window.history.length).toBe(before);
    expect(seen.location.pathname).toBe('/a');
  });

  it('follows Back and Forward (popstate), with the entry state', async () => {
    renderBrowser('/a');
    await act(async () => seen.navigate('/b', { state: { n: 1 } }));
    expect(screen.getByText('page b')).toBeTruthy();
    await act(async () => window.history.back());
    expect(screen.getByText('page a')).toBeTruthy();
    expect(seen.location).toMatchObject({ pathname: '/a', state: null });
    await act(async () => window.history.forward());
    expect(screen.getByText('page b')).toBeTruthy();
    expect(seen.location).toMatchObject({ pathname: '/b', state: { n: 1 } });
  });

  it('<Navigate replace> takes the place of the page it leaves', async () => {
    window.history.replaceState(null, '', '/');
    const before = window.history.length;
    await act(async () => renderBrowser('/old'));
    expect(screen.getByText('page b')).toBeTruthy();
    expect(window.location.pathname).toBe('/b');
    expect(window.history.length).toBe(before);
  });

  it('<Navigate> without replace adds an entry, with its state', async () => {
    const before = window.history.length;
    await act(async () => renderBrowser('/moved'));
    expect(screen.getByText('page b')).toBeTruthy();
    expect(window.history.length).toBe(before + 1);
    expect(seen.location.state).toEqual({ from: '/moved' });
  });
});

it('says so when a hook is used outside a router', () => {
  const Lost = () => <p>{useLocation().pathname}</p>;
  // React reports the error to the console as well; the throw is what matters.
  const quiet = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener('error', quiet);
  expect(() => render(<Lost />)).toThrow(/BrowserRouter/);
  window.removeEventListener('error', quiet);
});
