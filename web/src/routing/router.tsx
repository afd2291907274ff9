import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPath, matchRoutes, parsePath, resolveTo, type Location, type Params, type Path, type RouteObject } from './match';

// The app's own router: the part of react-router's API the app uses, at a fraction of its bytes.
export type { Location, Params, Path, RouteObject } from './match';

/**
 * Every relative path resolves below the current path, as react-router's `relative: 'path'` does; the
 * option stays so the call sites say so. (react-router's default, relative to the route, is not kept.)
 */
export type NavigateOptions = { replace?: boolean; state?: unknown; relative?: 'path' };
export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

type Go = (to: Path, options: NavigateOptions) => void;
const RouterContext = createContext<{ location: Location; go: Go } | null>(null);
const RouteContext = createContext<{ params: Params; outlet: ReactNode }>({ params: {}, outlet: null });

const createKey = () => Math.random().toString(36).slice(2, 10);

function useRouter() {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Routing hooks and links need a <BrowserRouter> or <MemoryRouter> above them.');
  return router;
}

function Router({ location, go, children }: { location: Location; go: Go; children?: ReactNode }) {
  const value = useMemo(() => ({ location, go }), [location, go]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** What react-router keeps in `history.state`, so entries made before the switch still read the same. */
type HistoryEntry = { usr?: unknown; key?: string } | null;

function browserLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = window.history.state as HistoryEntry;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The app's router: the address bar and the browser's history (Back and Forward arrive as popstate). */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  // A transition, as react-router's: a screen still loading leaves the current one shown meanwhile.
  const show = useCallback(() => {
    const next = browserLocation();
    startTransition(() => setLocation(next));
  }, []);
  useLayoutEffect(() => {
    window.addEventListener('popstate', show);
    return () => window.removeEventListener('popstate', show);
  }, [show]);
  const go = useCallback<Go>(
    (to, { replace, state }) => {
      const url = createPath(to);
      const entry: HistoryEntry = { usr: state ?? null, key: createKey() };
      if (replace) window.history.replaceState(entry, '', url);
      else {
        try {
          window.history.pushState(entry, '', url);
        } catch (error) {
          // Browsers cap pushState calls (Safari: 100 in 30 s): a page load still gets there. A state the
          // browser cannot store is a bug, and stays an error.
          if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
          window.location.assign(url);
        }
      }
      show();
    },
    [show],
  );
  return <Router location={location} go={go}>{children}</Router>;
}

function entryLocation(entry: string | Partial<Location>, key: string): Location {
  const given: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
  return { pathname: given.pathname || '/', search: given.search ?? '', hash: given.hash ?? '', state: given.state ?? null, key: given.key || key };
}

/** A router without an address bar, for tests: it starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: (string | Partial<Location>)[]; children?: ReactNode }) {
  const [location, setLocation] = useState(() =>
    entryLocation(initialEntries[initialEntries.length - 1] ?? '/', initialEntries.length > 1 ? createKey() : 'default'),
  );
  const go = useCallback<Go>((to, { state }) => {
    const next = { ...to, state: state ?? null, key: createKey() };
    startTransition(() => setLocation(next));
  }, []);
  return <Router location={location} go={go}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useParams = (): Params => useContext(RouteContext).params;

export function useNavigate(): NavigateFunction {
  const { location, go } = useRouter();
  const from = location.pathname;
  return useCallback<NavigateFunction>((to, options = {}) => go(resolveTo(to, from), options), [go, from]);
}

export function useHref(to: string, _options?: Pick<NavigateOptions, 'relative'>): string {
  return createPath(resolveTo(to, useLocation().pathname));
}

/** The element of the first route matching the current path, inside the elements of its layouts. */
export function useRoutes(routes: readonly RouteObject[]): ReactElement | null {
  const match = matchRoutes(routes, useLocation().pathname);
  if (!match) return null;
  const { params } = match;
  return match.routes.reduceRight<ReactElement | null>(
    (outlet, route) => <RouteContext.Provider value={{ params, outlet }}>{route.element ?? outlet}</RouteContext.Provider>,
    null,
  );
}

/** Where a layout shows the page its route matched. */
export const Outlet = () => useContext(RouteContext).outlet;

export type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };

/** A row of `<Routes>`' table: read by `<Routes>`, never rendered itself. */
export function Route(_props: RouteProps): null {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesOf(child.props.children));
    else if (child.type !== Route) throw new Error('<Routes> takes only <Route> elements.');
    else {
      const { path, element, children: inner } = child.props;
      routes.push(inner === undefined ? { path, element } : { path, element, children: routesOf(inner) });
    }
  });
  return routes;
}

/** The route table written as elements: `<Routes><Route path=".." element={..} /></Routes>`. */
export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesOf(children));
}

/** Moves to `to` once rendered (an effect: never during render) and renders nothing. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/**
 * A real link (its address shows, a middle or modified click opens a tab); a plain left click moves
 * inside the app without reloading it.
 */
export function Link({ to, replace, state, onClick, ...anchor }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = useHref(to);
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
    if (event.defaultPrevented || !plain || (anchor.target && anchor.target !== '_self')) return;
    event.preventDefault();
    // As react-router: a link to the page shown replaces its entry, so Back does not show it twice.
    navigate(to, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...anchor} href={href} onClick={onLinkClick} />;
}
